/**
 * The part of a grouped script (issue 9) that splits the file's rows into groups the way Fitbench
 * does (src/data/groupKeys.ts, src/data/splitGroups.ts), with the standard library and numpy:
 *
 * - a group column holding more text cells than numbers keys rows by the cell as written (trimmed;
 *   numbers above its first text cell by their shortest decimal); any other column by value, named
 *   by the shortest decimal that reads back as it, as ECMAScript writes numbers (`1`, `0.5`,
 *   `1e-7`), so that a file's `1.50` is the group `1.5`; an empty or unusable cell is in no group;
 * - groups in order of first appearance among the rows the filters keep;
 * - a group's rows: those the filters keep, not excluded, with finite used cells (and sigma > 0).
 *
 * Relies on the loader (pyLoader.ts) and, when the spec has rows, on row_rules (PY_ROW_MASK).
 */

export const PY_GROUP_KEYS = String.raw`
def number_text(v):
    """A number as ECMAScript's Number::toString writes it: the shortest decimal that reads back as v."""
    if v == 0:
        return "0"
    sign, digits, exponent = Decimal(repr(float(v))).normalize().as_tuple()
    s = "".join(map(str, digits))
    k, n = len(s), exponent + len(s)
    if k <= n <= 21:
        text = s + "0" * (n - k)
    elif 0 < n <= 21:
        text = s[:n] + "." + s[n:]
    elif -6 < n <= 0:
        text = "0." + "0" * -n + s
    else:
        text = s[0] + ("." + s[1:] if k > 1 else "") + "e" + ("+" if n > 0 else "-") + str(abs(n - 1))
    text = ("-" if sign else "") + text
    return text.replace(".", ",") if DECIMAL_COMMA else text


def is_number_cell(cell):
    return bool(np.isfinite(to_number(cell))) or cell.lower().lstrip("+-") in ("nan", "inf", "infinity")


def group_keys(path):
    """The group of every data row ("" for none), by Fitbench's rules (src/data/groupKeys.ts)."""
    names, rows = read_table(path)
    if GROUP_COLUMN not in names:
        sys.exit("%s: no group column %r (the columns are %s)" % (path, GROUP_COLUMN, ", ".join(names)))
    j = names.index(GROUP_COLUMN)
    cells = [row[j].strip() if j < len(row) else "" for row in rows]
    numeric = [is_number_cell(c) for c in cells]
    texts = [i for i, c in enumerate(cells) if c and not numeric[i]]
    by_value = [number_text(to_number(c)) if np.isfinite(to_number(c)) else "" for c in cells]
    if len(texts) > sum(numeric):  # a text column: the cells as written
        return [by_value[i] if i < texts[0] else c for i, c in enumerate(cells)]
    return by_value
`;

/** The rows split into groups: KEYS, the usable rows, ORDER (the groups fitted) and group_data(key). */
export function pyGroupData(hasRowRules: boolean, variables: number): string[] {
  return [
    'columns = load_columns(CSV_FILE, X_COLUMNS + [Y_COLUMN] + ([SIGMA_COLUMN] if SIGMA_COLUMN is not None else []))',
    'usable = np.all([np.isfinite(c) for c in columns], axis=0)',
    'if SIGMA_COLUMN is not None:',
    '    usable &= columns[-1] > 0',
    ...(hasRowRules
      ? ['passes, excluded = row_rules(CSV_FILE)  # the row filters, and the excluded points']
      : ['passes, excluded = np.ones(usable.size, dtype=bool), np.zeros(usable.size, dtype=bool)']),
    'KEYS = np.array(group_keys(CSV_FILE), dtype=object)',
    `X_ALL = ${variables > 0 ? 'np.vstack(columns[:len(X_COLUMNS)])' : 'np.zeros((1, usable.size))'}`,
    'Y_ALL = columns[len(X_COLUMNS)]',
    'SIGMA_ALL = columns[-1] if SIGMA_COLUMN is not None else None',
    '',
    '# Groups in order of first appearance among the rows the filters keep.',
    'ORDER = list(dict.fromkeys(key for key in KEYS[passes] if key != ""))',
    'if GROUPS is not None:',
    '    known = set(KEYS[KEYS != ""])',
    '    for key in GROUPS:',
    '        if key not in known:',
    '            sys.exit("%s: column %r has no group %r (the groups are %s)" % (CSV_FILE, GROUP_COLUMN, key, ", ".join(dict.fromkeys(KEYS[KEYS != ""]))))',
    '        if key not in ORDER:',
    '            print("the group %r has no row that the row filters keep, so it was not fitted" % key, file=sys.stderr)',
    '    ORDER = [key for key in ORDER if key in GROUPS]',
    'if (passes & (KEYS == "")).any():',
    '    print("%d rows have no group (empty %s cell) and were left out" % ((passes & (KEYS == "")).sum(), GROUP_COLUMN), file=sys.stderr)',
    '',
    '',
    'def group_data(key):',
    '    """X, Y and SIGMA of one group: its rows that the filters keep, not excluded, with usable cells."""',
    '    rows = passes & ~excluded & usable & (KEYS == key)',
    '    return X_ALL[:, rows], Y_ALL[rows], (SIGMA_ALL[rows] if SIGMA_ALL is not None else None)',
  ];
}
