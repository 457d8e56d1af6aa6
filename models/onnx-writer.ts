// A minimal ONNX (protobuf) writer for the small dense models trained here: float32
// initializers, a chain of standard operators (MatMul, Add, Relu, Sigmoid, Sub, Div), one float
// input and one float output. Protobuf is written by hand (varints and length-delimited fields),
// so training needs no ONNX tooling; onnxruntime checks the result when the model is loaded.

type Field = Uint8Array;

function varint(value: number): number[] {
  const out: number[] = [];
  let v = BigInt(value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

function concat(parts: Field[]): Field {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const int = (field: number, value: number): Field => new Uint8Array([...varint(field << 3), ...varint(value)]);
const bytes = (field: number, value: Field): Field => concat([new Uint8Array([...varint((field << 3) | 2), ...varint(value.length)]), value]);
const str = (field: number, value: string): Field => bytes(field, new TextEncoder().encode(value));

/** A float32 tensor initializer. */
export interface Initializer {
  name: string;
  dims: number[];
  values: Float32Array;
}

/** One graph node. */
export interface GraphNode {
  op: 'MatMul' | 'Add' | 'Relu' | 'Sigmoid' | 'Sub' | 'Div';
  inputs: string[];
  output: string;
}

function tensor(t: Initializer): Field {
  const raw = new Uint8Array(t.values.buffer.slice(t.values.byteOffset, t.values.byteOffset + t.values.byteLength));
  return concat([...t.dims.map((d) => int(1, d)), int(2, 1), str(8, t.name), bytes(9, raw)]);
}

/** ValueInfo of a float tensor whose dims are numbers or symbolic names. */
function valueInfo(name: string, shape: (number | string)[]): Field {
  const dims = shape.map((d) => bytes(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  const tensorType = concat([int(1, 1), bytes(2, concat(dims))]);
  return concat([str(1, name), bytes(2, bytes(1, tensorType))]);
}

/** Serialises a model: opset 13, IR version 8. */
export function writeOnnx(model: {
  name: string;
  input: { name: string; shape: (number | string)[] };
  output: { name: string; shape: (number | string)[] };
  initializers: Initializer[];
  nodes: GraphNode[];
  producer: string;
}): Uint8Array {
  const nodes = model.nodes.map((n, i) =>
    bytes(1, concat([...n.inputs.map((x) => str(1, x)), str(2, n.output), str(3, `${n.op.toLowerCase()}_${i}`), str(4, n.op)])),
  );
  const graph = concat([
    ...nodes,
    str(2, model.name),
    ...model.initializers.map((t) => bytes(5, tensor(t))),
    bytes(11, valueInfo(model.input.name, model.input.shape)),
    bytes(12, valueInfo(model.output.name, model.output.shape)),
  ]);
  return concat([int(1, 8), str(2, model.producer), bytes(7, graph), bytes(8, concat([str(1, ''), int(2, 13)]))]);
}
