/**
 * Fills the `{{NAME}}` slots of a WGSL template. Every slot must be given and every given value
 * used, so a renamed slot fails loudly here rather than as a WGSL compile error on a device.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const used = new Set<string>();
  const text = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`internal: template slot {{${name}}} has no value`);
    used.add(name);
    return value;
  });
  for (const name of Object.keys(values)) {
    if (!used.has(name)) throw new Error(`internal: template has no slot {{${name}}}`);
  }
  return text;
}
