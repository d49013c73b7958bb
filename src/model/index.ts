/**
 * Public API of the model-expression compiler (src/model): text → syntax tree → derivatives →
 * Tape → float64 kernels. Pure ES2022; runs in the worker, the CLI and the tests alike.
 */

// Compiling models
export { compileModel, type CompileOptions, type CompiledModel } from './compile';
export { MAX_MODEL_LENGTH, type ModelError, type ModelErrorCode, type Result } from './errors';
export { parse, MAX_NESTING, MAX_HEIGHT, type ParsedModel } from './parse';
export { FUNCTIONS, CONSTANTS } from './functions';

// ODE models as statements (dX/dt = …, X(t0) = …, COL ~ …, name = …)
export { parseStatements, kindOf, forEachIdent, TIME, type OdeModelSpec, type OdeState, type OdeIntermediate, type OdeObservation, type StatementOptions } from './statements';
export { isOdeModel } from './modelKind';
export type { StatementError, StatementErrorCode } from './statementErrors';
export { compileOde, type BoundOdeSystem, type CompiledOde } from './odeCompile';

// The syntax tree and its printer
export type { Binary, BinaryOperator, Call, Expr, Ident, NumberLit, Span, Unary } from './ast';
export { formatExpr } from './format';

// The Tape, input of every emitter (JS here, WGSL elsewhere)
export { TAPE_FUNCTIONS, TAPE_FN_ARITY, invariantMask, liveMask, operands, type BinaryOp, type Instr, type Tape, type TapeFn } from './tape';
export { TAPE_FN_IMPL, powiValue } from './tapeFns';

// Float64 kernels and reference evaluation
export { createJsKernels, normalLength, type JsKernels, type ModelData } from './kernels';
export { packedIndex } from './kernelLayout';
export { interpretPoint, interpretRow } from './interpret';
export { erf, erfc } from './special';

// Double-double residuals for reported statistics
export { residualsDD, rssDD } from './ddInterpret';
export type { DD } from './doubleDouble';

// Deciding that two models are the same function (model comparison's nesting)
export { functionComparer, literalsOf, namesOf, substituteParams } from './sameFunction';

// Implicit models: one equation lhs = rhs (errors in both variables, fit/odr)
export { compileEquation, isEquationModel, parseEquation } from './equation';
