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
 * weights (class balance).
 */
export const fitLogistic = (rows: readonly TrainingRow[], lambda: number, iterations = 50): LogisticModel => {
  if (rows.length === 0) throw new Error('No training rows');
  const d = rows[0]!.x.length;
  const totalWeight = rows.reduce((s, r) => s + (r.weight ?? 1), 0);
  const means = Array.from({ length: d }, (_, j) => rows.reduce((s, r) => s + (r.weight ?? 1) * r.x[j]!, 0) / totalWeight);
  const scales = Array.from({ length: d }, (_, j) => {
    const variance = rows.reduce((s, r) => s + (r.weight ?? 1) * (r.x[j]! - means[j]!) ** 2, 0) / totalWeight;
    return Math.sqrt(variance) || 1;
  });
  const z = rows.map((r) => [1, ...r.x.map((v, j) => (v - means[j]!) / scales[j]!)]);
  let beta = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < iterations; it += 1) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    rows.forEach((row, i) => {
      const xi = z[i]!;
      const p = sigmoid(xi.reduce((s, v, j) => s + v * beta[j]!, 0));
      const w = row.weight ?? 1;
      for (let a = 0; a <= d; a += 1) {
        gradient[a]! += w * (p - row.y) * xi[a]!;
        for (let b = a; b <= d; b += 1) hessian[a]![b]! += w * p * (1 - p) * xi[a]! * xi[b]!;
      }
    });
    for (let a = 0; a <= d; a += 1) {
      for (let b = 0; b < a; b += 1) hessian[a]![b] = hessian[b]![a]!;
      if (a > 0) {
        gradient[a]! += lambda * beta[a]!;
        hessian[a]![a]! += lambda;
      }
      hessian[a]![a]! += 1e-9;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return { means, scales, bias: beta[0]!, weights: beta.slice(1) };
};
