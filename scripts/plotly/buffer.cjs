// Node's Buffer as gl-text's typedarray-pool asks for it: only Buffer.isBuffer is called on the
// paths plotly uses (it never allocates the 'buffer' type), so a browser build needs no polyfill.
exports.Buffer = { isBuffer: function () { return false; } };
