/** Public API of the model-expression compiler (src/model). */
export type { Binary, BinaryOperator, Call, Expr, Ident, NumberLit, Span, Unary } from './ast';
export { compileModel, type CompileOptions, type CompiledModel } from './compile';
export { MAX_MODEL_LENGTH, type ModelError, type ModelErrorCode, type Result } from './errors';
export { formatExpr } from './format';
export { FUNCTIONS, CONSTANTS } from './functions';
export { createJsKernels, normalLength, type JsKernels, type ModelData } from './kernels';
export { interpretPoint, interpretRow } from './interpret';
export { parse, MAX_NESTING, MAX_HEIGHT, type ParsedModel } from './parse';
export { erf, erfc } from './special';
export { TAPE_FUNCTIONS, TAPE_FN_ARITY, invariantMask, liveMask, operands, type Instr, type Tape, type TapeFn, type BinaryOp } from './tape';
export { residualsDD, rssDD } from './ddInterpret';
export { type DD } from './doubleDouble';
