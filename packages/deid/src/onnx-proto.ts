// Just enough of the protobuf wire format to write an ONNX ModelProto in memory, so that a model can
// be built from other files at load time and handed to onnxruntime as bytes. Field numbers are those
// of onnx.proto (github.com/onnx/onnx, onnx/onnx.proto); only the fields used here are written.
// Repeated scalars are written unpacked, the proto2 default that onnx.proto declares; parsers accept
// both forms.

/** Protobuf wire types. */
const VARINT = 0;
const BYTES = 2;
const FIXED32 = 5;

/** One protobuf message being written: fields are appended in the order they are given. */
class Message {
  private readonly parts: Uint8Array[] = [];

  private varint(value: bigint): void {
    // Negative int64 values are written as their 64-bit two's complement (ten bytes).
    let v = BigInt.asUintN(64, value);
    const out: number[] = [];
    while (v >= 0x80n) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.parts.push(Uint8Array.from(out));
  }

  private tag(field: number, wire: number): void {
    this.varint(BigInt((field << 3) | wire));
  }

  int(field: number, value: number | bigint): this {
    this.tag(field, VARINT);
    this.varint(BigInt(value));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, FIXED32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.parts.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, BYTES);
    this.varint(BigInt(value.byteLength));
    this.parts.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.finish());
  }

  finish(): Uint8Array {
    return Buffer.concat(this.parts);
  }
}

/** TensorProto.DataType values. */
export const DataType = { FLOAT: 1, INT32: 6, INT64: 7 } as const;

export type AttributeValue = number | string | number[] | { float: number };

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  name?: string;
  /** Integers and integer lists as INT/INTS, strings as STRING, `{ float }` as FLOAT. */
  attributes?: Record<string, AttributeValue>;
}

export interface OnnxTensor {
  name: string;
  dims: number[];
  data: Float32Array | Int32Array | BigInt64Array;
}

export interface OnnxValueInfo {
  name: string;
  elemType: number;
  /** Fixed sizes, or names of symbolic dimensions. */
  dims: (number | string)[];
}

export interface OnnxGraph {
  name: string;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
}

/** AttributeProto.AttributeType values. */
const AttributeType = { FLOAT: 1, INT: 2, STRING: 3, INTS: 7 } as const;

const attribute = (name: string, value: AttributeValue): Message => {
  // AttributeProto: name 1, f 2, i 3, s 4, ints 8, type 20.
  const m = new Message().string(1, name);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`attribute ${name}: ${value} is not an integer (use { float })`);
    return m.int(3, value).int(20, AttributeType.INT);
  }
  if (typeof value === 'string') return m.string(4, value).int(20, AttributeType.STRING);
  if (Array.isArray(value)) {
    for (const v of value) m.int(8, v);
    return m.int(20, AttributeType.INTS);
  }
  return m.float(2, value.float).int(20, AttributeType.FLOAT);
};

const node = (n: OnnxNode): Message => {
  // NodeProto: input 1, output 2, name 3, op_type 4, attribute 5.
  const m = new Message();
  for (const input of n.inputs) m.string(1, input);
  for (const output of n.outputs) m.string(2, output);
  if (n.name) m.string(3, n.name);
  m.string(4, n.op);
  for (const [name, value] of Object.entries(n.attributes ?? {})) m.message(5, attribute(name, value));
  return m;
};

const tensor = (t: OnnxTensor): Message => {
  // TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian, as typed arrays are on
  // every platform Node supports).
  const size = t.dims.reduce((a, b) => a * b, 1);
  if (t.data.length !== size) throw new Error(`tensor ${t.name}: ${t.data.length} values for dims [${t.dims.join(', ')}]`);
  const type = t.data instanceof Float32Array ? DataType.FLOAT : t.data instanceof Int32Array ? DataType.INT32 : DataType.INT64;
  const m = new Message();
  for (const d of t.dims) m.int(1, d);
  m.int(2, type).string(8, t.name);
  return m.bytes(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
};

const valueInfo = (v: OnnxValueInfo): Message => {
  // ValueInfoProto: name 1, type 2. TypeProto: tensor_type 1. TypeProto.Tensor: elem_type 1,
  // shape 2. TensorShapeProto: dim 1. Dimension: dim_value 1, dim_param 2.
  const shape = new Message();
  for (const d of v.dims) shape.message(1, typeof d === 'number' ? new Message().int(1, d) : new Message().string(2, d));
  const tensorType = new Message().int(1, v.elemType).message(2, shape);
  return new Message().string(1, v.name).message(2, new Message().message(1, tensorType));
};

/** The bytes of an ONNX model holding one graph in the default operator set. */
export function encodeModel(graph: OnnxGraph, options: { opset: number; irVersion: number; producer: string }): Uint8Array {
  // GraphProto: node 1, name 2, initializer 5, input 11, output 12.
  const g = new Message();
  for (const n of graph.nodes) g.message(1, node(n));
  g.string(2, graph.name);
  for (const t of graph.initializers) g.message(5, tensor(t));
  for (const v of graph.inputs) g.message(11, valueInfo(v));
  for (const v of graph.outputs) g.message(12, valueInfo(v));
  // ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8. OperatorSetIdProto:
  // domain 1 (empty: the default ai.onnx domain), version 2.
  return new Message()
    .int(1, options.irVersion)
    .string(2, options.producer)
    .message(7, g)
    .message(8, new Message().string(1, '').int(2, options.opset))
    .finish();
}
