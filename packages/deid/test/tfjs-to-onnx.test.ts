// The TF.js → ONNX converter on small made-up graphs, with TensorFlow.js running the same graph as
// the reference: the cases the scene backbone does not exercise (odd input sizes, a depthwise
// multiplier of 2, dilation, VALID and EXPLICIT padding, unequal strides, fused ReLU6, float32 as
// well as float16 weights) give the same output, and an op it does not know is refused by name.
// Measured: largest difference 4e-6 on outputs up to 6. Depthwise channels in the wrong order,
// dilation ignored, SAME's odd pixel put before, explicit pads or strides with height and width
// swapped, or float16 decoded wrongly each fail here (checked by breaking each once). The ops of
// CenterNet's head (resize, concatenation, sigmoid, max pooling, the peak test, several outputs) and
// of the face models (zero padding, PReLU alone and fused into a convolution) are checked the same
// way; PReLU converted as ReLU fails.
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWasmBackend, largestDifference, tf } from './helpers/tfjs-reference.js';
import { type GraphModelJson, graphModelToOnnx, INPUT_NAME, OUTPUT_NAME } from '../src/tfjs-to-onnx.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const ints = (...values: number[]) => ({ list: { i: values.map(String) } });

interface Const {
  name: string;
  shape: number[];
  values: number[];
  dtype: 'float16' | 'float32' | 'int32';
}

/** Exactly representable in float16: multiples of 1/64 in [-1, 1]. */
const toHalf = (v: number): number => {
  if (v === 0) return 0;
  const sign = v < 0 ? 0x8000 : 0;
  const e = Math.floor(Math.log2(Math.abs(v)));
  return sign | ((e + 15) << 10) | Math.round((Math.abs(v) / 2 ** e - 1) * 1024);
};

/** Deterministic values k/64, k in [-64, 64]. */
const values = (n: number, seed: number) => Array.from({ length: n }, (_, i) => (((i * 37 + seed * 101) % 129) - 64) / 64);

/** A graph model (json + weight bytes) from nodes and constants, as the converter and TF.js read it. */
const graphModel = (nodes: { name: string; op: string; input?: string[]; attr?: object }[], consts: Const[]) => {
  const parts: Buffer[] = [];
  for (const c of consts) {
    if (c.dtype === 'float16') {
      const b = Buffer.alloc(2 * c.values.length);
      c.values.forEach((v, i) => b.writeUInt16LE(toHalf(v), 2 * i));
      parts.push(b);
    } else {
      const b = Buffer.alloc(4 * c.values.length);
      c.values.forEach((v, i) => (c.dtype === 'int32' ? b.writeInt32LE(v, 4 * i) : b.writeFloatLE(v, 4 * i)));
      parts.push(b);
    }
  }
  const weights = consts.map((c) => ({
    name: c.name,
    shape: c.shape,
    dtype: c.dtype === 'int32' ? 'int32' : 'float32',
    ...(c.dtype === 'float16' ? { quantization: { dtype: 'float16', original_dtype: 'float32' } } : {}),
  }));
  const constNodes = consts.map((c) => ({
    name: c.name,
    op: 'Const',
    attr: {
      value: { tensor: { dtype: c.dtype === 'int32' ? 'DT_INT32' : 'DT_FLOAT', tensorShape: { dim: c.shape.map((s) => ({ size: String(s) })) } } },
      dtype: { type: c.dtype === 'int32' ? 'DT_INT32' : 'DT_FLOAT' },
    },
  }));
  const json = { modelTopology: { node: [...constNodes, ...nodes], library: {}, versions: {} }, weightsManifest: [{ paths: ['w.bin'], weights }] };
  return { json, bytes: Buffer.concat(parts) };
};

/** The graph's input placeholder, NHWC with 3 channels; `side` fixes height and width (any size without). */
const placeholder = (name: string, side?: number) => ({
  name,
  op: 'Placeholder',
  attr: { dtype: { type: 'DT_FLOAT' }, shape: { shape: { dim: [1, side ?? -1, side ?? -1, 3].map((d) => ({ size: String(d) })) } } },
});

/** TensorFlow.js's own reading of a made-up graph: the reference. */
const referenceModel = ({ json, bytes }: ReturnType<typeof graphModel>) =>
  loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      format: 'graph-model',
      weightSpecs: json.weightsManifest[0]!.weights as tf.io.WeightsManifestEntry[],
      weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    }),
  });

const conv = (name: string, op: string, input: string, fused: string[], attr: object) => ({
  name,
  op,
  input: [input, `${name}/w`, `${name}/b`],
  attr: { data_format: { s: b64('NHWC') }, fused_ops: { list: { s: fused.map(b64) } }, num_args: { i: '1' }, dilations: ints(1, 1, 1, 1), ...attr },
});

const constants = (name: string, kernel: number[], biasSize: number, seed: number, dtype: 'float16' | 'float32' = 'float16'): Const[] => [
  {
    name: `${name}/w`,
    shape: kernel,
    values: values(
      kernel.reduce((a, b) => a * b, 1),
      seed,
    ),
    dtype,
  },
  { name: `${name}/b`, shape: [biasSize], values: values(biasSize, seed + 1), dtype },
];

/** Small graph covering every supported op and padding mode. */
const smallGraph = () =>
  graphModel(
    [
      placeholder('x'),
      conv('c1', '_FusedConv2D', 'x', ['BiasAdd', 'Relu6'], { strides: ints(1, 2, 2, 1), padding: { s: b64('SAME') } }),
      conv('d1', 'FusedDepthwiseConv2dNative', 'c1', ['BiasAdd', 'Relu'], { strides: ints(1, 2, 2, 1), padding: { s: b64('SAME') } }),
      conv('d2', 'FusedDepthwiseConv2dNative', 'd1', ['BiasAdd'], { strides: ints(1, 1, 1, 1), padding: { s: b64('SAME') }, dilations: ints(1, 2, 2, 1) }),
      conv('c2', '_FusedConv2D', 'd2', ['BiasAdd'], { strides: ints(1, 2, 1, 1), padding: { s: b64('VALID') } }),
      conv('c3', '_FusedConv2D', 'c2', ['BiasAdd', 'Relu'], {
        strides: ints(1, 1, 1, 1),
        padding: { s: b64('EXPLICIT') },
        explicit_paddings: ints(0, 0, 1, 2, 3, 0, 0, 0),
      }),
      { name: 'mean', op: 'Mean', input: ['c3', 'mean/axes'], attr: { keep_dims: { b: true } } },
      { name: 'gate', op: 'Mul', input: ['half', 'mean'] },
      { name: 'sum', op: 'AddV2', input: ['c3', 'gate'] },
      { name: 'shift', op: 'Add', input: ['sum', 'quarter'] },
      { name: 'out', op: 'Relu6', input: ['shift'] },
    ],
    [
      ...constants('c1', [3, 3, 3, 8], 8, 1),
      ...constants('d1', [5, 5, 8, 2], 16, 2),
      ...constants('d2', [3, 3, 16, 1], 16, 3, 'float32'),
      ...constants('c2', [3, 3, 16, 6], 6, 4),
      ...constants('c3', [2, 2, 6, 6], 6, 5),
      { name: 'mean/axes', shape: [2], values: [1, 2], dtype: 'int32' },
      { name: 'half', shape: [], values: [0.5], dtype: 'float16' },
      { name: 'quarter', shape: [], values: [-0.25], dtype: 'float32' },
    ],
  );

describe('TF.js graph → ONNX', () => {
  beforeAll(async () => {
    await ensureWasmBackend();
  });

  for (const [height, width] of [
    [13, 10],
    [16, 16],
    [23, 19],
  ] as const) {
    it(`gives TensorFlow.js's output on a ${height} × ${width} input`, async () => {
      const { json, bytes } = smallGraph();
      const model = await referenceModel({ json, bytes });
      const input = Float32Array.from({ length: height * width * 3 }, (_, i) => ((i * 53) % 256) / 64);
      const expected = tf.tidy(() => model.execute(tf.tensor4d(input, [1, height, width, 3]), 'out') as tf.Tensor);
      const session = await ort.InferenceSession.create(graphModelToOnnx(json as GraphModelJson, bytes, { outputs: { [OUTPUT_NAME]: 'out' }, height, width }));
      const actual = (await session.run({ [INPUT_NAME]: new ort.Tensor('float32', input, [1, height, width, 3]) }))[OUTPUT_NAME]!;
      expect(actual.dims).toEqual(expected.shape);
      const want = (await expected.data()) as Float32Array;
      const got = actual.data as Float32Array;
      const diff = largestDifference(got, want);
      expect(Math.max(...want) - Math.min(...want)).toBeGreaterThan(0.5);
      expect(diff).toBeLessThan(1e-4);
      expected.dispose();
      model.dispose();
      await session.release();
    });
  }

  it("gives TensorFlow.js's outputs for CenterNet's head ops, several outputs at once", async () => {
    // Resize to a fixed size (legacy bilinear), concatenation over channels, sigmoid, the peak test
    // (a value equal to its 3 × 3 max-pooled neighbourhood, cast to float, times the value), a
    // strided max pool with SAME padding, and Identity; `c1` is also an output.
    const size = { name: 'size', shape: [2], values: [9, 7], dtype: 'int32' as const };
    const { json, bytes } = graphModel(
      [
        placeholder('x'),
        conv('c1', '_FusedConv2D', 'x', ['BiasAdd'], { strides: ints(1, 2, 2, 1), padding: { s: b64('SAME') } }),
        { name: 'up', op: 'ResizeBilinear', input: ['c1', 'size'], attr: { align_corners: { b: false }, half_pixel_centers: { b: false } } },
        { name: 'small', op: 'ResizeBilinear', input: ['x', 'size'], attr: { align_corners: { b: false }, half_pixel_centers: { b: false } } },
        { name: 'joined', op: 'ConcatV2', input: ['up', 'small', 'axis'], attr: { N: { i: '2' } } },
        { name: 'score', op: 'Sigmoid', input: ['joined'] },
        { name: 'pooled', op: 'MaxPool', input: ['score'], attr: { ksize: ints(1, 3, 3, 1), strides: ints(1, 1, 1, 1), padding: { s: b64('SAME') } } },
        { name: 'peak', op: 'Equal', input: ['score', 'pooled'] },
        { name: 'peakf', op: 'Cast', input: ['peak'], attr: { SrcT: { type: 'DT_BOOL' }, DstT: { type: 'DT_FLOAT' } } },
        { name: 'gated', op: 'Mul', input: ['score', 'peakf'] },
        { name: 'out', op: 'Identity', input: ['gated'] },
        { name: 'coarse', op: 'MaxPool', input: ['joined'], attr: { ksize: ints(1, 3, 3, 1), strides: ints(1, 2, 2, 1), padding: { s: b64('SAME') } } },
      ],
      [...constants('c1', [3, 3, 3, 4], 4, 7, 'float32'), size, { name: 'axis', shape: [], values: [3], dtype: 'int32' }],
    );
    const model = await referenceModel({ json, bytes });
    const [height, width] = [11, 14];
    // Distinct values: where two neighbours tie, which one is the peak depends on each engine's
    // last bit of rounding (the real model's detections are compared in person-detector-onnx.test.ts).
    const input = Float32Array.from({ length: height * width * 3 }, (_, i) => Math.sin(i * 1.7) * 2);
    const names = ['out', 'coarse', 'c1'];
    const expected = tf.tidy(() => model.execute(tf.tensor4d(input, [1, height, width, 3]), names) as tf.Tensor[]);
    const session = await ort.InferenceSession.create(
      graphModelToOnnx(json as GraphModelJson, bytes, { outputs: { peakMap: 'out', coarseMap: 'coarse', convMap: 'c1' }, height, width }),
    );
    const actual = await session.run({ [INPUT_NAME]: new ort.Tensor('float32', input, [1, height, width, 3]) });
    for (const [k, name] of (['peakMap', 'coarseMap', 'convMap'] as const).entries()) {
      expect(actual[name]!.dims, name).toEqual(expected[k]!.shape);
      const want = (await expected[k]!.data()) as Float32Array;
      const got = actual[name]!.data as Float32Array;
      const diff = largestDifference(got, want);
      expect(diff, name).toBeLessThan(1e-5);
    }
    // The peak test kept some cells and zeroed others.
    const peaks = actual.peakMap!.data as Float32Array;
    expect(peaks.some((v) => v === 0) && peaks.some((v) => v > 0)).toBe(true);
    // An output may not take the name of a node of the graph (ONNX would refuse the model).
    expect(() => graphModelToOnnx(json as GraphModelJson, bytes, { outputs: { c1: 'c1' }, height, width })).toThrow(
      'output name c1 is also the name of a node or of the input',
    );
    expected.forEach((t) => t.dispose());
    model.dispose();
    await session.release();
  });

  it("gives TensorFlow.js's output for the face models' ops: zero padding, PReLU alone and fused", async () => {
    const { json, bytes } = graphModel(
      [
        placeholder('x'),
        {
          ...conv('c1', '_FusedConv2D', 'x', ['BiasAdd', 'Prelu'], { strides: ints(1, 1, 1, 1), padding: { s: b64('SAME') }, num_args: { i: '2' } }),
          input: ['x', 'c1/w', 'c1/b', 'c1/slope'],
        },
        { name: 'pool', op: 'MaxPool', input: ['c1'], attr: { ksize: ints(1, 2, 2, 1), strides: ints(1, 2, 2, 1), padding: { s: b64('VALID') } } },
        { name: 'padded', op: 'Pad', input: ['pool', 'paddings'] },
        // Turned negative, so that the last PReLU's slopes act on most values.
        { name: 'negated', op: 'Mul', input: ['padded', 'minus'] },
        { name: 'out', op: 'Prelu', input: ['negated', 'slope'] },
      ],
      [
        ...constants('c1', [3, 3, 3, 4], 4, 9, 'float32'),
        { name: 'c1/slope', shape: [4], values: [0.25, -0.5, 0.125, 1], dtype: 'float32' },
        // Channels 4 → 6 (two zero channels after), one row above, one column after.
        { name: 'paddings', shape: [4, 2], values: [0, 0, 1, 0, 0, 1, 0, 2], dtype: 'int32' },
        { name: 'slope', shape: [1, 1, 6], values: [0.5, 0.25, -1, 0.75, 0.125, 0.25], dtype: 'float16' },
        { name: 'minus', shape: [], values: [-1], dtype: 'float32' },
      ],
    );
    const model = await referenceModel({ json, bytes });
    const [height, width] = [10, 12];
    const input = Float32Array.from({ length: height * width * 3 }, (_, i) => Math.sin(i * 0.9) * 3);
    const expected = tf.tidy(() => model.execute(tf.tensor4d(input, [1, height, width, 3]), 'out') as tf.Tensor);
    const session = await ort.InferenceSession.create(graphModelToOnnx(json as GraphModelJson, bytes, { outputs: { [OUTPUT_NAME]: 'out' }, height, width }));
    const actual = (await session.run({ [INPUT_NAME]: new ort.Tensor('float32', input, [1, height, width, 3]) }))[OUTPUT_NAME]!;
    expect(actual.dims).toEqual([1, 6, 7, 6]);
    expect(actual.dims).toEqual(expected.shape);
    const want = (await expected.data()) as Float32Array;
    const got = actual.data as Float32Array;
    const diff = largestDifference(got, want);
    expect(diff).toBeLessThan(1e-5);
    // Negative values went through the slopes (PReLU is not ReLU here).
    expect(want.some((v) => v < 0)).toBe(true);
    expected.dispose();
    model.dispose();
    await session.release();
  });

  it('refuses what it would have to guess: a half-pixel resize, a cast from float', () => {
    const graph = (node: { name: string; op: string; input?: string[]; attr?: object }, consts: Const[] = []) =>
      graphModel([placeholder('x', 4), node], consts);
    const resize = graph({ name: 'out', op: 'ResizeBilinear', input: ['x', 'size'], attr: { half_pixel_centers: { b: true } } }, [
      { name: 'size', shape: [2], values: [8, 8], dtype: 'int32' },
    ]);
    expect(() => graphModelToOnnx(resize.json as GraphModelJson, resize.bytes, { outputs: { [OUTPUT_NAME]: 'out' }, height: 4, width: 4 })).toThrow(
      'out: only a resize without aligned corners or half-pixel centres is supported',
    );
    const cast = graph({ name: 'out', op: 'Cast', input: ['x'], attr: { SrcT: { type: 'DT_FLOAT' }, DstT: { type: 'DT_INT32' } } });
    expect(() => graphModelToOnnx(cast.json as GraphModelJson, cast.bytes, { outputs: { [OUTPUT_NAME]: 'out' }, height: 4, width: 4 })).toThrow(
      'out: only a cast from bool to float is supported',
    );
  });

  it('refuses an op it does not know, by name', () => {
    const { json, bytes } = graphModel([placeholder('x', 4), { name: 'out', op: 'Tanh', input: ['x'] }], []);
    expect(() => graphModelToOnnx(json as GraphModelJson, bytes, { outputs: { [OUTPUT_NAME]: 'out' }, height: 4, width: 4 })).toThrow(
      'out: op Tanh is not supported',
    );
  });
});
