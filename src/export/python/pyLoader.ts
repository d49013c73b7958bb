/**
 * The part of the exported script that reads the CSV the way Fitbench does (src/data), with the
 * standard library and numpy only (pandas is not assumed):
 *
 * - lines split on LF, CRLF or a lone CR; blank lines and lines starting with '#' skipped; a UTF-8
 *   BOM dropped;
 * - fields split on DELIMITER with RFC 4180 quotes (the csv module), or on runs of blanks;
 * - column names as Fitbench makes them (src/data/names.ts): the header text reduced to an
 *   identifier ("Time (s)" → "Time_s", "2theta" → "_2theta"), duplicates suffixed _2, _3, and
 *   without a header y / x,y / x,y,sigma / c1…cN by the number of columns;
 * - cells read with Fitbench's number grammar (a '.' or, in decimal-comma files, ',' as the
 *   separator; no thousands separators, no hex, no '_'); anything else is NaN;
 * - rows where a used cell is not a finite number, or sigma is not > 0, are dropped, as
 *   selectColumns drops them.
 */

export const PY_LOADER = String.raw`
def column_names(header, count):
    """Fitbench's column names (src/data/names.ts)."""
    defaults = {1: ["y"], 2: ["x", "y"], 3: ["x", "y", "sigma"]}.get(count) if header is None else None
    taken, names = set(), []
    for i in range(count):
        if defaults is not None:
            base = defaults[i]
        else:
            label = header[i].strip() if i < len(header) else ""
            body = "_".join(part for part in re.split(r"[^A-Za-z0-9_]+", label) if part)
            if re.match(r"[0-9]", body):
                body = "_" + body
            base = body or "c%d" % (i + 1)
        name, k = base, 2
        while name in taken:
            name, k = "%s_%d" % (base, k), k + 1
        taken.add(name)
        names.append(name)
    return names


SEP = "," if DECIMAL_COMMA else "."
NUMBER = re.compile(r"^[+-]?(?:[0-9]+(?:%s[0-9]*)?|%s[0-9]+)(?:[eE][+-]?[0-9]+)?$" % (re.escape(SEP), re.escape(SEP)))


def to_number(cell):
    text = cell.strip(" \t")
    if not NUMBER.match(text):
        return float("nan")
    return float(text.replace(SEP, ".")) if DECIMAL_COMMA else float(text)


def read_table(path, with_lines=False):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        text = handle.read()
    numbered = [(n + 1, line) for n, line in enumerate(re.split(r"\r\n|\r|\n", text)) if line.strip() and not line.lstrip().startswith("#")]
    lines = [line for _, line in numbered]
    numbers = [n for n, _ in numbered]
    if DELIMITER is None:
        rows = [line.split() for line in lines]
    else:
        rows = [row for row in csv.reader(lines, delimiter=DELIMITER)]
    header = rows.pop(0) if HEADER else None
    if HEADER:
        numbers.pop(0)
    count = max([len(row) for row in rows] + [len(header) if header else 0])
    if with_lines:
        return column_names(header, count), rows, numbers
    return column_names(header, count), rows


def load_columns(path, wanted):
    names, rows = read_table(path)
    out = []
    for name in wanted:
        if name not in names:
            sys.exit("%s: no column %r (the columns are %s)" % (path, name, ", ".join(names)))
        j = names.index(name)
        out.append(np.array([to_number(row[j]) if j < len(row) else np.nan for row in rows], dtype=float))
    return out
`;

/**
 * Fitbench's row filters and excluded points (issue 9) in Python: WHERE holds (column, op, value)
 * triples, all of which must hold (src/data/filterRows.ts: = and != compare numbers by value when
 * both read as numbers, else the text as written; < <= > >= compare numbers, an empty or text cell
 * never passes), and EXCLUDE_LINES the file's line numbers (header = line 1) left out.
 */
export const PY_ROW_MASK = String.raw`
def row_rules(path):
    """(rows the filters keep, rows the user excluded), over the file's data rows."""
    names, rows, lines = read_table(path, with_lines=True)
    keep = np.ones(len(rows), dtype=bool)
    for column, op, value in WHERE:
        if column not in names:
            sys.exit("%s: no column %r for the filter (the columns are %s)" % (path, column, ", ".join(names)))
        j = names.index(column)
        number = to_number(value)
        for i, row in enumerate(rows):
            cell = row[j].strip() if j < len(row) else ""
            x = to_number(cell)
            if op in ("=", "!="):
                same = bool(x == number) if np.isfinite(x) and np.isfinite(number) else cell == value
                ok = same if op == "=" else not same
            else:
                ok = bool(np.isfinite(x)) and {"<": x < number, "<=": x <= number, ">": x > number, ">=": x >= number}[op]
            keep[i] = keep[i] and ok
    excluded = np.isin(np.array(lines, dtype=np.int64), np.array(sorted(EXCLUDE_LINES), dtype=np.int64))
    return keep, excluded


def row_mask(path):
    keep, excluded = row_rules(path)
    return keep & ~excluded
`;
