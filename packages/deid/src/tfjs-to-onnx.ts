// A TensorFlow.js graph model (model.json + weight shards) cut at one node and rewritten as an ONNX
// model, in memory, so that onnxruntime runs it. Only what the scene backbone and the face and
// person detectors need is handled: convolutions (plain, depthwise, with a fused bias and
// ReLU/ReLU6/PReLU), element-wise Add/Mul/ReLU6 with scalar constants, Mean over height and width,
// Sigmoid, concatenation over channels, TensorFlow's legacy bilinear resize (no half-pixel centres)
// to a fixed size, max pooling, Equal cast to float (CenterNet's peak test), zero padding and PReLU
// (BlazeFace and the face mesh). Anything else throws, naming the op, rather than being converted
// by guess.
//
// TensorFlow is NHWC, onnxruntime's convolutions NCHW: the graph takes the NHWC input, transposes it
// once, runs NCHW (convolution weights transposed here, HWIO → OIHW) and transposes the output back,
// so the caller sees TensorFlow's layout at both ends. Sizes are fixed when the model is built, so
// TensorFlow's SAME padding becomes explicit pads (the odd pixel after, as TensorFlow does).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DataType, encodeModel, type OnnxNode, type OnnxTensor } from './onnx-proto.js';

interface TfAttr {
  i?: string;
  f?: number;
  b?: boolean;
  s?: string;
  type?: string;
  list?: { i?: string[]; s?: string[] };
}

interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

interface WeightEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string };
}

export interface GraphModelJson {
  modelTopology: { node: TfNode[] };
  weightsManifest: { paths: string[]; weights: WeightEntry[] }[];
}

interface Weight {
  shape: number[];
  data: Float32Array | Int32Array;
}

/** IEEE 754 half → number, exactly (as TensorFlow.js dequantises float16 weights). */
const halfToNumber = (h: number): number => {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
};

let halves: Float32Array | undefined;
/** Every half's value, by its bits (256 KB, built once). */
const halfTable = (): Float32Array => (halves ??= Float32Array.from({ length: 0x10000 }, (_, h) => halfToNumber(h)));

/**
 * The named weights of the manifest, read from the concatenated shards in manifest order. Each is
 * decoded when first asked for: the cut graph uses only some of them.
 */
const readWeights = (json: GraphModelJson, bytes: Uint8Array): Map<string, () => Weight> => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const weights = new Map<string, () => Weight>();
  let offset = 0;
  for (const entry of json.weightsManifest.flatMap((group) => group.weights)) {
    const size = entry.shape.reduce((a, b) => a * b, 1);
    const stored = entry.quantization?.dtype ?? entry.dtype;
    const at = offset;
    let decode: () => Float32Array | Int32Array;
    if (entry.dtype === 'float32' && stored === 'float16') {
      decode = () => {
        const table = halfTable();
        const data = new Float32Array(size);
        for (let k = 0; k < size; k += 1) data[k] = table[view.getUint16(at + 2 * k, true)]!;
        return data;
      };
      offset += 2 * size;
    } else if (entry.dtype === stored && (stored === 'float32' || stored === 'int32')) {
      decode = () => {
        const data = stored === 'float32' ? new Float32Array(size) : new Int32Array(size);
        for (let k = 0; k < size; k += 1) data[k] = stored === 'float32' ? view.getFloat32(at + 4 * k, true) : view.getInt32(at + 4 * k, true);
        return data;
      };
      offset += 4 * size;
    } else {
      throw new Error(`weight ${entry.name}: ${entry.dtype} stored as ${stored} is not supported`);
    }
    let weight: Weight | undefined;
    weights.set(entry.name, () => (weight ??= { shape: entry.shape, data: decode() }));
  }
  if (offset !== bytes.byteLength) throw new Error(`weights: manifest describes ${offset} bytes, shards hold ${bytes.byteLength}`);
  return weights;
};

const ints = (attr: TfAttr | undefined): number[] => (attr?.list?.i ?? []).map(Number);
const text = (attr: TfAttr | undefined): string => Buffer.from(attr?.s ?? '', 'base64').toString();
const texts = (attr: TfAttr | undefined): string[] => (attr?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString());

/** The node name behind an input reference ("name", "name:0"; control inputs are refused). */
const source = (ref: string): string => {
  if (ref.startsWith('^')) throw new Error(`control input ${ref} is not supported`);
  const [name, index] = ref.split(':');
  if (index !== undefined && index !== '0') throw new Error(`input ${ref}: only first outputs are supported`);
  return name!;
};

/** The nodes the outputs depend on, each after its inputs. */
const subGraph = (nodes: readonly TfNode[], outputs: readonly string[]): TfNode[] => {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const order: TfNode[] = [];
  const seen = new Set<string>();
  const stack: { node: TfNode; expanded: boolean }[] = [];
  const push = (name: string) => {
    const node = byName.get(name);
    if (!node) throw new Error(`node ${name} is not in the graph`);
    if (!seen.has(name)) stack.push({ node, expanded: false });
  };
  for (const output of outputs) push(output);
  while (stack.length) {
    const top = stack.at(-1)!;
    if (seen.has(top.node.name)) {
      stack.pop();
    } else if (top.expanded) {
      seen.add(top.node.name);
      order.push(top.node);
      stack.pop();
    } else {
      top.expanded = true;
      for (const ref of top.node.input ?? []) push(source(ref));
    }
  }
  return order;
};

/** NCHW sizes of a tensor in the ONNX graph (channels unknown for scalars: size 1 everywhere). */
interface Size {
  channels: number;
  height: number;
  width: number;
}

export interface CutOptions {
  /**
   * The model's outputs: ONNX output name → the graph node whose output it is. Each is given in
   * TensorFlow's layout (NHWC).
   */
  outputs: Readonly<Record<string, string>>;
  /** Input height and width (the graph's placeholder sizes are replaced). */
  height: number;
  width: number;
}

export const INPUT_NAME = 'images';
export const OUTPUT_NAME = 'features';

/**
 * The ONNX model (bytes) computing `options.outputs` from the graph's only placeholder, with input
 * `images` (1 × height × width × 3, NHWC float32) and each output 1 × h × w × c (NHWC).
 */
export function graphModelToOnnx(json: GraphModelJson, weightBytes: Uint8Array, options: CutOptions): Uint8Array {
  const weights = readWeights(json, weightBytes);
  const outputs = Object.entries(options.outputs);
  if (outputs.length === 0) throw new Error('no output named');
  const order = subGraph(
    json.modelTopology.node,
    outputs.map(([, node]) => node),
  );
  const clash = outputs.find(([name]) => name === INPUT_NAME || order.some((node) => node.name === name));
  if (clash) throw new Error(`output name ${clash[0]} is also the name of a node or of the input`);
  const nodes: OnnxNode[] = [];
  const initializers: OnnxTensor[] = [];
  const emitted = new Set<string>();
  const sizes = new Map<string, Size>();
  const constant = (name: string, dims: number[], data: Float32Array | Int32Array | BigInt64Array) => {
    if (!emitted.has(name)) initializers.push({ name, dims, data });
    emitted.add(name);
    return name;
  };
  const weightOf = (ref: string): Weight => {
    const name = source(ref);
    const weight = weights.get(name);
    if (!weight) throw new Error(`${name} is not a constant with stored weights`);
    return weight();
  };
  const sizeOf = (ref: string): Size => {
    const size = sizes.get(source(ref));
    if (!size) throw new Error(`${ref}: no size known (is it a constant used as a tensor?)`);
    return size;
  };
  /** PReLU with a slope per channel (stored as 1 × 1 × C or C), laid out for NCHW broadcasting. */
  const prelu = (input: string, slopeRef: string, channels: number, output: string, name: string): OnnxNode => {
    const slope = weightOf(slopeRef);
    if (slope.data.length !== channels || slope.shape.slice(0, -1).some((d) => d !== 1)) {
      throw new Error(`${output}: slope of shape [${slope.shape.join(', ')}] for ${channels} channels is not supported`);
    }
    return { op: 'PRelu', inputs: [input, constant(`${source(slopeRef)}/nchw`, [channels, 1, 1], slope.data)], outputs: [output], name };
  };
  let placeholder: string | undefined;

  for (const node of order) {
    const attr = node.attr ?? {};
    const inputs = (node.input ?? []).map(source);
    switch (node.op) {
      case 'Const':
        break; // emitted where it is used, in the layout that use needs
      case 'Placeholder': {
        if (placeholder) throw new Error(`two placeholders: ${placeholder} and ${node.name}`);
        placeholder = node.name;
        nodes.push({ op: 'Transpose', inputs: [INPUT_NAME], outputs: [node.name], name: `${node.name}/nchw`, attributes: { perm: [0, 3, 1, 2] } });
        sizes.set(node.name, { channels: 3, height: options.height, width: options.width });
        break;
      }
      case '_FusedConv2D':
      case 'FusedDepthwiseConv2dNative':
      case 'Conv2D':
      case 'DepthwiseConv2dNative': {
        const depthwise = node.op.includes('Depthwise');
        if (text(attr.data_format) && text(attr.data_format) !== 'NHWC') throw new Error(`${node.name}: data_format ${text(attr.data_format)}`);
        const fused = texts(attr.fused_ops);
        const [x, w, bias, ...rest] = inputs;
        const activation = fused[1];
        // A fused PReLU brings its slope as a fourth input.
        const slopeRef = activation === 'Prelu' ? rest.shift() : undefined;
        if (
          rest.length ||
          (fused.length > 0 && fused[0] !== 'BiasAdd') ||
          (fused[0] === 'BiasAdd') !== (bias !== undefined) ||
          (activation === 'Prelu' && !slopeRef)
        ) {
          throw new Error(`${node.name}: fused ops [${fused.join(', ')}] with ${inputs.length} inputs are not supported`);
        }
        if (fused.length > 2 || (activation !== undefined && activation !== 'Relu' && activation !== 'Relu6' && activation !== 'Prelu')) {
          throw new Error(`${node.name}: fused ops [${fused.join(', ')}] are not supported`);
        }
        const kernel = weightOf(w!);
        const [kh, kw, cin, cout] = kernel.shape as [number, number, number, number];
        // ONNX weights: O × I/group × kH × kW. Depthwise: TensorFlow's H × W × C × M gives output
        // channel c·M + m, which is group c's m-th output in ONNX.
        const outChannels = depthwise ? cin * cout : cout;
        const perGroup = depthwise ? 1 : cin;
        const onnxWeight = new Float32Array(outChannels * perGroup * kh * kw);
        for (let y = 0; y < kh; y += 1)
          for (let xx = 0; xx < kw; xx += 1)
            for (let i = 0; i < cin; i += 1)
              for (let o = 0; o < cout; o += 1) {
                const to = depthwise ? (i * cout + o) * kh * kw : (o * cin + i) * kh * kw;
                onnxWeight[to + y * kw + xx] = kernel.data[((y * kw + xx) * cin + i) * cout + o]!;
              }
        const strides = ints(attr.strides);
        const dilations = ints(attr.dilations);
        if (strides.length && (strides[0] !== 1 || strides[3] !== 1)) throw new Error(`${node.name}: strides ${strides.join(',')}`);
        if (dilations.length && (dilations[0] !== 1 || dilations[3] !== 1)) throw new Error(`${node.name}: dilations ${dilations.join(',')}`);
        const [sh, sw] = [strides[1] ?? 1, strides[2] ?? 1];
        const [dh, dw] = [dilations[1] ?? 1, dilations[2] ?? 1];
        const input = sizeOf(x!);
        if (input.channels !== cin) throw new Error(`${node.name}: ${input.channels} input channels, weights expect ${cin}`);
        const padding = text(attr.padding);
        let pads: [number, number, number, number];
        let out: [number, number];
        if (padding === 'SAME' || padding === 'VALID') {
          ({ pads, out } = windowPads(padding, input, [kh, kw], [sh, sw], [dh, dw]));
        } else if (padding === 'EXPLICIT') {
          // explicit_paddings: [before, after] per NHWC dimension.
          const e = ints(attr.explicit_paddings);
          pads = [e[2]!, e[4]!, e[3]!, e[5]!];
          const span = (k: number, d: number) => (k - 1) * d + 1;
          out = [Math.floor((input.height + pads[0] + pads[2] - span(kh, dh)) / sh) + 1, Math.floor((input.width + pads[1] + pads[3] - span(kw, dw)) / sw) + 1];
        } else {
          throw new Error(`${node.name}: padding ${padding}`);
        }
        const convOut = activation ? `${node.name}/conv` : node.name;
        nodes.push({
          op: 'Conv',
          inputs: [
            x!,
            constant(`${w!}/oihw`, [outChannels, perGroup, kh, kw], onnxWeight),
            ...(bias ? [constant(bias, [outChannels], weightOf(bias).data)] : []),
          ],
          outputs: [convOut],
          name: node.name,
          attributes: { kernel_shape: [kh, kw], strides: [sh, sw], dilations: [dh, dw], pads, group: depthwise ? cin : 1 },
        });
        if (activation === 'Relu') nodes.push({ op: 'Relu', inputs: [convOut], outputs: [node.name], name: `${node.name}/relu` });
        if (activation === 'Relu6') nodes.push(relu6(convOut, node.name, `${node.name}/relu6`, constant));
        if (activation === 'Prelu') nodes.push(prelu(convOut, slopeRef!, outChannels, node.name, `${node.name}/prelu`));
        sizes.set(node.name, { channels: outChannels, height: out[0], width: out[1] });
        break;
      }
      case 'Add':
      case 'AddV2':
      case 'Mul': {
        if (inputs.length !== 2) throw new Error(`${node.name}: ${inputs.length} inputs`);
        const operands = inputs.map((name) => {
          if (sizes.has(name)) return { name, size: sizes.get(name)! };
          // A constant operand must be a scalar: any other shape would need its NHWC axes moved.
          const weight = weightOf(name);
          if (weight.shape.length !== 0 || !(weight.data instanceof Float32Array)) {
            throw new Error(`${node.name}: constant ${name} of shape [${weight.shape.join(', ')}] is not supported`);
          }
          return { name: constant(name, [], weight.data), size: undefined };
        });
        const known = operands.flatMap((o) => (o.size ? [o.size] : []));
        if (known.length === 0) throw new Error(`${node.name}: both operands are constants`);
        // NCHW broadcasting matches NHWC broadcasting here: a 1 × 1 map (a pooled gate) against a
        // full map of the same channels.
        const size = {
          channels: Math.max(...known.map((s) => s.channels)),
          height: Math.max(...known.map((s) => s.height)),
          width: Math.max(...known.map((s) => s.width)),
        };
        for (const s of known) {
          const fits = (a: number, b: number) => a === b || a === 1;
          if (!fits(s.channels, size.channels) || !fits(s.height, size.height) || !fits(s.width, size.width)) {
            throw new Error(`${node.name}: operands of sizes that do not broadcast`);
          }
        }
        nodes.push({ op: node.op === 'Mul' ? 'Mul' : 'Add', inputs: operands.map((o) => o.name), outputs: [node.name], name: node.name });
        sizes.set(node.name, size);
        break;
      }
      case 'Relu':
      case 'Relu6': {
        nodes.push(
          node.op === 'Relu' ? { op: 'Relu', inputs: [inputs[0]!], outputs: [node.name], name: node.name } : relu6(inputs[0]!, node.name, node.name, constant),
        );
        sizes.set(node.name, sizeOf(inputs[0]!));
        break;
      }
      case 'Mean': {
        const axes = [...weightOf(inputs[1]!).data].map((a) => (a < 0 ? a + 4 : a)).sort((a, b) => a - b);
        if (attr.keep_dims?.b !== true || axes.join(',') !== '1,2')
          throw new Error(`${node.name}: only a mean over height and width keeping dimensions is supported`);
        nodes.push({ op: 'GlobalAveragePool', inputs: [inputs[0]!], outputs: [node.name], name: node.name });
        sizes.set(node.name, { ...sizeOf(inputs[0]!), height: 1, width: 1 });
        break;
      }
      case 'Identity': {
        nodes.push({ op: 'Identity', inputs: [inputs[0]!], outputs: [node.name], name: node.name });
        sizes.set(node.name, sizeOf(inputs[0]!));
        break;
      }
      case 'Sigmoid': {
        nodes.push({ op: 'Sigmoid', inputs: [inputs[0]!], outputs: [node.name], name: node.name });
        sizes.set(node.name, sizeOf(inputs[0]!));
        break;
      }
      case 'ConcatV2': {
        const tensors = inputs.slice(0, -1);
        const axis = weightOf(inputs.at(-1)!).data[0]!;
        const parts = tensors.map(sizeOf);
        const first = parts[0]!;
        if ((axis !== 3 && axis !== -1) || parts.some((p) => p.height !== first.height || p.width !== first.width)) {
          throw new Error(`${node.name}: only a concatenation of maps of one size over channels is supported`);
        }
        nodes.push({ op: 'Concat', inputs: tensors, outputs: [node.name], name: node.name, attributes: { axis: 1 } });
        sizes.set(node.name, { ...first, channels: parts.reduce((sum, p) => sum + p.channels, 0) });
        break;
      }
      case 'ResizeBilinear': {
        // TensorFlow's legacy resize (source = destination × in/out, no half-pixel centres) is
        // ONNX's "asymmetric" linear resize; the other two modes are not needed and not guessed.
        if (attr.align_corners?.b === true || attr.half_pixel_centers?.b === true) {
          throw new Error(`${node.name}: only a resize without aligned corners or half-pixel centres is supported`);
        }
        const [height, width] = [...weightOf(inputs[1]!).data] as [number, number];
        const input = sizeOf(inputs[0]!);
        nodes.push({
          op: 'Resize',
          inputs: [inputs[0]!, '', '', constant(`${node.name}/sizes`, [4], BigInt64Array.of(1n, BigInt(input.channels), BigInt(height), BigInt(width)))],
          outputs: [node.name],
          name: node.name,
          attributes: { mode: 'linear', coordinate_transformation_mode: 'asymmetric' },
        });
        sizes.set(node.name, { channels: input.channels, height, width });
        break;
      }
      case 'MaxPool': {
        const ksize = ints(attr.ksize);
        const strides = ints(attr.strides);
        const padding = text(attr.padding);
        if (text(attr.data_format) && text(attr.data_format) !== 'NHWC') throw new Error(`${node.name}: data_format ${text(attr.data_format)}`);
        if (ksize[0] !== 1 || ksize[3] !== 1 || strides[0] !== 1 || strides[3] !== 1 || (padding !== 'SAME' && padding !== 'VALID')) {
          throw new Error(`${node.name}: max pooling over ksize ${ksize.join(',')}, strides ${strides.join(',')}, padding ${padding} is not supported`);
        }
        const kernel: [number, number] = [ksize[1]!, ksize[2]!];
        const stride: [number, number] = [strides[1]!, strides[2]!];
        const input = sizeOf(inputs[0]!);
        // ONNX's pads, like TensorFlow's SAME padding, never win the maximum.
        const { pads, out } = windowPads(padding, input, kernel, stride, [1, 1]);
        nodes.push({ op: 'MaxPool', inputs: [inputs[0]!], outputs: [node.name], name: node.name, attributes: { kernel_shape: kernel, strides: stride, pads } });
        sizes.set(node.name, { channels: input.channels, height: out[0], width: out[1] });
        break;
      }
      case 'Equal': {
        const [a, b] = inputs.map(sizeOf) as [Size, Size];
        if (a.channels !== b.channels || a.height !== b.height || a.width !== b.width) throw new Error(`${node.name}: operands of different sizes`);
        nodes.push({ op: 'Equal', inputs: inputs.slice(0, 2), outputs: [node.name], name: node.name });
        sizes.set(node.name, a);
        break;
      }
      case 'Cast': {
        if (attr.SrcT?.type !== 'DT_BOOL' || attr.DstT?.type !== 'DT_FLOAT') {
          throw new Error(`${node.name}: only a cast from bool to float is supported`);
        }
        nodes.push({ op: 'Cast', inputs: [inputs[0]!], outputs: [node.name], name: node.name, attributes: { to: DataType.FLOAT } });
        sizes.set(node.name, sizeOf(inputs[0]!));
        break;
      }
      case 'Pad': {
        // Zeros around height, width or channels (BlazeFace's and the face mesh's channel padding
        // of a shortcut); NHWC [before, after] pairs become ONNX's NCHW begins then ends.
        const p = [...weightOf(inputs[1]!).data];
        if (p.length !== 8 || p[0] !== 0 || p[1] !== 0) throw new Error(`${node.name}: only padding of height, width and channels is supported`);
        const [h0, h1, w0, w1, c0, c1] = p.slice(2) as [number, number, number, number, number, number];
        nodes.push({
          op: 'Pad',
          inputs: [inputs[0]!, constant(`${node.name}/pads`, [8], BigInt64Array.from([0, c0, h0, w0, 0, c1, h1, w1], BigInt))],
          outputs: [node.name],
          name: node.name,
        });
        const input = sizeOf(inputs[0]!);
        sizes.set(node.name, { channels: input.channels + c0 + c1, height: input.height + h0 + h1, width: input.width + w0 + w1 });
        break;
      }
      case 'Prelu': {
        const input = sizeOf(inputs[0]!);
        nodes.push(prelu(inputs[0]!, inputs[1]!, input.channels, node.name, node.name));
        sizes.set(node.name, input);
        break;
      }
      default:
        throw new Error(`${node.name}: op ${node.op} is not supported`);
    }
  }
  if (!placeholder) throw new Error('the cut graph has no input');
  for (const [name, node] of outputs) {
    nodes.push({ op: 'Transpose', inputs: [node], outputs: [name], name: `${node}/nhwc`, attributes: { perm: [0, 2, 3, 1] } });
  }
  return encodeModel(
    {
      name: `${outputs.map(([, node]) => node).join(', ')} of ${placeholder}`,
      nodes,
      initializers,
      inputs: [{ name: INPUT_NAME, elemType: DataType.FLOAT, dims: [1, options.height, options.width, 3] }],
      outputs: outputs.map(([name, node]) => {
        const size = sizeOf(node);
        return { name, elemType: DataType.FLOAT, dims: [1, size.height, size.width, size.channels] };
      }),
    },
    { irVersion: 8, opset: 13, producer: '@ipsv/deid tfjs-to-onnx' },
  );
}

/**
 * Pads (top, left, bottom, right) and output size of a window op under TensorFlow's SAME or VALID
 * padding, the odd pixel of SAME after, as TensorFlow puts it.
 */
const windowPads = (
  padding: 'SAME' | 'VALID',
  input: Size,
  [kh, kw]: [number, number],
  [sh, sw]: [number, number],
  [dh, dw]: [number, number],
): { pads: [number, number, number, number]; out: [number, number] } => {
  const span = (k: number, d: number) => (k - 1) * d + 1;
  if (padding === 'VALID') {
    return { pads: [0, 0, 0, 0], out: [Math.floor((input.height - span(kh, dh)) / sh) + 1, Math.floor((input.width - span(kw, dw)) / sw) + 1] };
  }
  const out: [number, number] = [Math.ceil(input.height / sh), Math.ceil(input.width / sw)];
  const total = (o: number, s: number, k: number, d: number, n: number) => Math.max(0, (o - 1) * s + span(k, d) - n);
  const th = total(out[0], sh, kh, dh, input.height);
  const tw = total(out[1], sw, kw, dw, input.width);
  return { pads: [Math.floor(th / 2), Math.floor(tw / 2), th - Math.floor(th / 2), tw - Math.floor(tw / 2)], out };
};

/** ReLU6 as Clip(x, 0, 6) (opset 11 and later take the bounds as inputs). */
const relu6 = (input: string, output: string, name: string, constant: (name: string, dims: number[], data: Float32Array) => string): OnnxNode => ({
  op: 'Clip',
  inputs: [input, constant('relu6/min', [], Float32Array.of(0)), constant('relu6/max', [], Float32Array.of(6))],
  outputs: [output],
  name,
});

/** A graph model's model.json and its weight shards (concatenated in manifest order), from disk. */
export async function readGraphModel(jsonPath: string): Promise<{ json: GraphModelJson; bytes: Uint8Array }> {
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as GraphModelJson;
  const shards = await Promise.all(json.weightsManifest.flatMap((group) => group.paths).map((p) => readFile(path.join(path.dirname(jsonPath), p))));
  return { json, bytes: Buffer.concat(shards) };
}

/** The values of one of the graph's stored constants (a float16 one dequantised). */
export function graphConstant(json: GraphModelJson, weightBytes: Uint8Array, name: string): number[] {
  const weight = readWeights(json, weightBytes).get(name);
  if (!weight) throw new Error(`${name} is not a constant with stored weights`);
  return [...weight().data];
}

/** Reads model.json and its weight shards from disk and cuts them to an ONNX model. */
export async function loadGraphModelAsOnnx(jsonPath: string, options: CutOptions): Promise<Uint8Array> {
  const { json, bytes } = await readGraphModel(jsonPath);
  return graphModelToOnnx(json, bytes, options);
}
