/**
 * ODE models of the library (issue 23): statements (src/model/statements.ts) with sensible start
 * values and bounds, each with a sample data set in public/samples (its columns are the ones the
 * `~` lines name; public/samples/make_ode_samples.py simulates them with scipy). Unlike the
 * closed-form entries (an expression in x with a guesser), an ODE model names its observed
 * columns, so an example is its statements as written and its starts; on other data the `~` lines
 * say which columns to rename.
 *
 * References for the models: Atkins & de Paula, Physical Chemistry (consecutive first-order
 * reactions; Bateman 1910); Schnell & Mendoza 1997, J. Theor. Biol. 187, 207 (Michaelis–Menten
 * progress curves); Gabrielsson & Weiner, Pharmacokinetic and Pharmacodynamic Data Analysis
 * (two-compartment model with first-order absorption); Kermack & McKendrick 1927 (SIR); Lotka
 * 1925, Volterra 1926; Verhulst 1838 (logistic growth).
 */

export interface OdeStart {
  readonly value: number;
  readonly min?: number;
  readonly max?: number;
}

export interface OdeExample {
  /** Stable id (links and sessions carry it as the spec's libraryId). */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The statements, one per line, over the sample's columns. */
  readonly statements: string;
  /** Start values (and bounds) by parameter, in the statements' parameter order. */
  readonly starts: Readonly<Record<string, OdeStart>>;
  /** The sample in public/samples/index.json that this model fits. */
  readonly sample: string;
}

const positive = (value: number, max?: number): OdeStart => ({ value, min: 0, ...(max !== undefined ? { max } : {}) });

export const consecutiveReactions: OdeExample = {
  id: 'ode-consecutive',
  name: 'Consecutive reactions A → B → C',
  description: 'First-order steps A → B (k1) and B → C (k2) from A0 of A alone; all three concentrations measured.',
  statements: ['dA/dt = -k1*A', 'dB/dt = k1*A - k2*B', 'dC/dt = k2*B', 'A(0) = A0', 'B(0) = 0', 'C(0) = 0', 'A ~ A', 'B ~ B', 'C ~ C'].join('\n'),
  starts: { k1: positive(0.2), k2: positive(0.05), A0: positive(9) },
  sample: 'ode-consecutive',
};

export const michaelisMentenDepletion: OdeExample = {
  id: 'ode-michaelis-menten',
  name: 'Michaelis–Menten substrate depletion',
  description: 'A progress curve: substrate S consumed at the rate Vmax·S/(Km + S) from S0, as one enzyme reaction runs to completion.',
  statements: ['dS/dt = -Vmax*S/(Km + S)', 'S(0) = S0', 'S ~ S'].join('\n'),
  starts: { Vmax: positive(1), Km: positive(2), S0: positive(18) },
  sample: 'ode-michaelis-menten',
};

export const twoCompartmentOral: OdeExample = {
  id: 'ode-pk-two-compartment',
  name: 'Two-compartment pharmacokinetics, oral dose',
  description: 'A 100 mg oral dose absorbed (ka) into the central compartment (volume V1, clearance CL), exchanging with a peripheral one (Q, V2); the plasma concentration measured.',
  statements: ['dGut/dt = -ka*Gut', 'dA1/dt = ka*Gut - CL/V1*A1 - Q/V1*A1 + Q/V2*A2', 'dA2/dt = Q/V1*A1 - Q/V2*A2', 'Gut(0) = 100', 'A1(0) = 0', 'A2(0) = 0', 'conc ~ A1/V1'].join('\n'),
  starts: { ka: positive(1), CL: positive(4), V1: positive(15), Q: positive(2), V2: positive(30) },
  sample: 'ode-pk-two-compartment',
};

export const sirEpidemic: OdeExample = {
  id: 'ode-sir',
  name: 'SIR epidemic',
  description: 'Susceptible, infected and recovered in a closed population of N = 10 000: infection at β·S·I/N, recovery at γ; the number infected measured.',
  statements: ['N = 10000', 'dS/dt = -beta*S*I/N', 'dI/dt = beta*S*I/N - gamma*I', 'dR/dt = gamma*I', 'S(0) = N - I0', 'I(0) = I0', 'R(0) = 0', 'infected ~ I'].join('\n'),
  starts: { beta: positive(0.4), gamma: positive(0.15), I0: positive(5) },
  sample: 'ode-sir',
};

export const lotkaVolterra: OdeExample = {
  id: 'ode-lotka-volterra',
  name: 'Lotka–Volterra predator–prey',
  description: 'Prey H growing at α and eaten at β·H·L; predators L growing at δ·H·L and dying at γ; both counted.',
  statements: ['dH/dt = alpha*H - beta*H*L', 'dL/dt = delta*H*L - gamma*L', 'H(0) = H0', 'L(0) = L0', 'Hare ~ H', 'Lynx ~ L'].join('\n'),
  starts: { alpha: positive(0.5), beta: positive(0.025), delta: positive(0.03), gamma: positive(0.8), H0: positive(28), L0: positive(5) },
  sample: 'lotka-volterra',
};

export const logisticGrowth: OdeExample = {
  id: 'ode-logistic',
  name: 'Logistic growth',
  description: 'A population N growing at rate r towards the carrying capacity K from N0.',
  statements: ['dN/dt = r*N*(1 - N/K)', 'N(0) = N0', 'density ~ N'].join('\n'),
  starts: { r: positive(0.3), K: positive(90), N0: positive(5) },
  sample: 'ode-logistic',
};

export const ODE_EXAMPLES: readonly OdeExample[] = Object.freeze([consecutiveReactions, michaelisMentenDepletion, twoCompartmentOral, sirEpidemic, lotkaVolterra, logisticGrowth]);

export function findOdeExample(id: string): OdeExample | undefined {
  return ODE_EXAMPLES.find((e) => e.id === id);
}
