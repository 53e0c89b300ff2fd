// L2-regularised logistic regression on standardised features, fitted by Newton's method:
// deterministic (same data, same weights), fast on a few thousand rows, nothing to tune but λ.
export interface LogisticModel {
  means: number[];
  scales: number[];
  weights: number[];
  bias: number;
}

export interface TrainingRow {
  x: number[];
  y: 0 | 1;
  weight?: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export const predict = (model: LogisticModel, x: readonly number[]): number => {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j += 1) z += model.weights[j]! * ((x[j]! - model.means[j]!) / model.scales[j]!);
  return sigmoid(z);
};

/** Solves A x = b for a small symmetric positive-definite A (Gaussian elimination with pivoting). */
const solve = (a: number[][], b: number[]): number[] => {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r += 1) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c += 1) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r -= 1) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c += 1) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
};

/**
 * Fits weights minimising weighted log-loss + λ/2·|w|² (the bias is not penalised). Rows may carry
 * weights (class balance). Typed arrays throughout: a few tens of thousands of rows of a hundred
 * and more features fit in seconds.
 */
export const fitLogistic = (rows: readonly TrainingRow[], lambda: number, iterations = 50): LogisticModel => {
  if (rows.length === 0) throw new Error('No training rows');
  const n = rows.length;
  const d = rows[0]!.x.length;
  const p1 = d + 1;
  const w = Float64Array.from(rows, (r) => r.weight ?? 1);
  const totalWeight = w.reduce((s, v) => s + v, 0);
  const means = new Array<number>(d).fill(0);
  rows.forEach((r, i) => {
    for (let j = 0; j < d; j += 1) means[j]! += (w[i]! * r.x[j]!) / totalWeight;
  });
  const variances = new Array<number>(d).fill(0);
  rows.forEach((r, i) => {
    for (let j = 0; j < d; j += 1) variances[j]! += (w[i]! * (r.x[j]! - means[j]!) ** 2) / totalWeight;
  });
  const scales = variances.map((v) => Math.sqrt(v) || 1);
  // Standardised rows with a leading 1 for the bias, one flat array.
  const z = new Float64Array(n * p1);
  rows.forEach((r, i) => {
    z[i * p1] = 1;
    for (let j = 0; j < d; j += 1) z[i * p1 + 1 + j] = (r.x[j]! - means[j]!) / scales[j]!;
  });
  let beta = new Array<number>(p1).fill(0);
  const hessian = new Float64Array(p1 * p1);
  for (let it = 0; it < iterations; it += 1) {
    const gradient = new Array<number>(p1).fill(0);
    hessian.fill(0);
    for (let i = 0; i < n; i += 1) {
      const o = i * p1;
      let t = 0;
      for (let a = 0; a < p1; a += 1) t += z[o + a]! * beta[a]!;
      const p = sigmoid(t);
      const g = w[i]! * (p - rows[i]!.y);
      const h = w[i]! * p * (1 - p);
      for (let a = 0; a < p1; a += 1) {
        const za = z[o + a]!;
        gradient[a]! += g * za;
        const ha = h * za;
        const row = a * p1;
        for (let b = a; b < p1; b += 1) hessian[row + b]! += ha * z[o + b]!;
      }
    }
    const matrix: number[][] = [];
    for (let a = 0; a < p1; a += 1) {
      const row: number[] = [];
      for (let b = 0; b < p1; b += 1) row.push(b >= a ? hessian[a * p1 + b]! : hessian[b * p1 + a]!);
      if (a > 0) {
        gradient[a]! += lambda * beta[a]!;
        row[a]! += lambda;
      }
      row[a]! += 1e-9;
      matrix.push(row);
    }
    const step = solve(matrix, gradient);
    beta = beta.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { means, scales, bias: beta[0]!, weights: beta.slice(1) };
};
