package io.redwire.nodes.parsers;

import io.redwire.api.Done;
import io.redwire.js.JsValues;
import io.redwire.msg.NodeError;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The csv node's legacy mode (any {@code spec} but "rfc"), kept for flows written before Node-RED 4: a character
 * scanner where a quote toggles "inside quotes", an empty field is left out, numbers are recognised by a decimal
 * pattern (so '0x1F', '+5' and 'Infinity' stay text) and header names lose every quote. Its quirks are Node-RED's.
 */
final class LegacyCsvCodec extends CsvCodec {
    private static final Pattern DECIMAL = Pattern.compile("^[-]?(?!E)(?!0\\d)\\d*\\.?\\d*(E-?\\+?)?\\d+$",
            Pattern.CASE_INSENSITIVE);
    private static final char QUOTE = '"';

    private List<String> template;
    private boolean goodTemplate = true;
    private char lastCleanSep;
    private boolean warnNoTemplate = true;

    LegacyCsvCodec(CsvNode node, CsvNode.Settings s) {
        super(node, s);
        this.lastCleanSep = s.sep();
        this.template = clean(s.template(), ',');
    }

    /** Splits a column list on the separator outside quotes, then drops every quote and trims. */
    private List<String> clean(String col, char sep) {
        lastCleanSep = sep;
        List<String> out = new ArrayList<>();
        String text = col.strip();
        StringBuilder cur = new StringBuilder();
        boolean inQuotes = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == QUOTE) {
                inQuotes = !inQuotes;
            }
            if (c == sep && !inQuotes) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        out.replaceAll(x -> x.replace("\"", "").strip());
        goodTemplate = !(out.size() == 1 && out.get(0).isEmpty());
        return out;
    }

    private static boolean noTemplate(List<String> t) {
        return t.size() == 1 && t.get(0).isEmpty();
    }

    @Override
    void unsupported(Done done) {
        node.warn("This node only handles CSV strings or js objects.");
        done.done();
    }

    // ---- object -> CSV -------------------------------------------------------------------------------------

    @Override
    void toCsv(Map<String, Object> msg, Done done) {
        boolean initial = noTemplate(clean(s.template(), lastCleanSep));
        Map<?, ?> parts = CsvCells.parts(msg);
        if (!(initial && parts != null && parts.containsKey("index") && CsvCells.partsInt(parts, "index") > 0)) {
            template = clean(s.template(), lastCleanSep);
        }
        List<Object> rows = msg.get("payload") instanceof List<?> l ? new ArrayList<>(l)
                : new ArrayList<>(Arrays.asList(msg.get("payload")));
        String sep = String.valueOf(s.sep());
        List<String> out = new ArrayList<>();
        if (!"none".equals(s.hdrout()) && !hdrSent) {
            if (noTemplate(template)) {
                template = msg.containsKey("columns") ? clean(columnsText(msg.get("columns")), ',') : CsvCells.keysOf(rows.get(0));
            }
            List<String> header = new ArrayList<>();
            template.forEach(v -> header.add(v.indexOf(s.sep()) >= 0 ? QUOTE + v + QUOTE : v));
            out.add(String.join(sep, header));
            if ("once".equals(s.hdrout())) {
                hdrSent = true;
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            Object row = rows.get(i);
            if (row instanceof List || !(row == null || row instanceof Map || row instanceof byte[])) {
                if (!(row instanceof List)) {
                    row = rows; // a list of plain values is one row
                    rows = List.of(row);
                }
                List<String> cells = new ArrayList<>();
                for (Object cell : (List<?>) row) {
                    if (cell == null) {
                        throw new NodeError("TypeError: Cannot read properties of null (reading 'toString')");
                    }
                    cells.add(quoteLegacy(JsValues.toJsString(cell), true));
                }
                out.add(String.join(sep, cells));
            } else {
                if (noTemplate(template) && msg.containsKey("columns")) {
                    template = clean(columnsText(msg.get("columns")), ',');
                }
                out.add(noTemplate(template) ? keyedRow(row, rows.get(0)) : templatedRow(row));
            }
        }
        msg.put("payload", String.join(s.ret(), out) + s.ret());
        List<String> cols = new ArrayList<>();
        template.forEach(v -> cols.add(v.indexOf(',') >= 0 ? QUOTE + v + QUOTE : v));
        msg.put("columns", String.join(",", cols));
        node.send(msg);
        done.done();
    }

    private String keyedRow(Object row, Object first) {
        if (warnNoTemplate) {
            node.warn("No columns template specified for object -> CSV.");
            warnNoTemplate = false;
        }
        List<String> cells = new ArrayList<>();
        for (String key : CsvCells.keysOf(first)) {
            Object v = CsvCells.cell(row, key);
            if (CsvCells.hasCell(row, key) && !(v == null || v instanceof Map || v instanceof List || v instanceof byte[])) {
                String q = JsValues.toJsString(v);
                // Node-RED tests the key, not the value, for a newline here
                cells.add(q.indexOf(QUOTE) >= 0 ? QUOTE + q.replace("\"", "\"\"") + QUOTE
                        : q.indexOf(s.sep()) >= 0 || key.contains("\n") ? QUOTE + q + QUOTE : q);
            }
        }
        return String.join(String.valueOf(s.sep()), cells);
    }

    private String templatedRow(Object row) {
        List<String> cells = new ArrayList<>();
        for (String key : template) {
            if (key.isEmpty()) {
                cells.add("");
            } else {
                Object v = CsvCells.hasCell(row, key) ? CsvCells.cell(row, key) : "";
                cells.add(quoteLegacy(CsvCells.ensureString(v), true));
            }
        }
        return String.join(String.valueOf(s.sep()), cells);
    }

    private String quoteLegacy(String p, boolean newlines) {
        if (p.indexOf(QUOTE) >= 0) {
            return QUOTE + p.replace("\"", "\"\"") + QUOTE;
        }
        if (p.indexOf(s.sep()) >= 0 || newlines && p.contains("\n")) {
            return QUOTE + p + QUOTE;
        }
        return p;
    }

    private static String columnsText(Object columns) {
        return columns == null || Boolean.FALSE.equals(columns) || "".equals(columns) ? "" : CsvCells.ensureString(columns);
    }


    // ---- CSV -> objects ------------------------------------------------------------------------------------

    /**
     * Collects the fields of one record into an object, as Node-RED's scanner does at each separator/line end. A
     * field grows in a StringBuilder (a null one is JavaScript's {@code null + c}, "null..."): appending to a String
     * copied the whole field per character.
     */
    private final class Record {
        final List<StringBuilder> cells = new ArrayList<>(List.of(new StringBuilder()));
        final Map<String, Object> obj = new LinkedHashMap<>();
        int j;

        void finishField(boolean isNull) {
            if (!goodTemplate) {
                while (template.size() <= j) {
                    template.add("");
                }
                template.set(j, "col" + (j + 1));
            }
            String name = j < template.size() ? template.get(j) : null;
            if (name == null || name.isEmpty()) {
                return;
            }
            Object value = isNull ? null : String.valueOf(cells.get(j));
            if (value instanceof String text && s.parseStrings() && mayBeDecimal(text.strip())
                    && DECIMAL.matcher(text.strip()).matches()) {
                value = JsValues.number(parseFloat(text.strip()));
            }
            if (s.includeNullValues() && value == null || s.includeEmptyStrings() && "".equals(value)) {
                obj.put(name, value);
            }
            if (value != null && !"".equals(value)) {
                obj.put(name, value);
            }
        }

        boolean isNull() {
            return cells.get(j) == null;
        }

        /** The next field: null (JavaScript's) when the separator ends the text. */
        void nextField(boolean last) {
            if (j + 1 >= s.maxFields()) {
                throw ParserSettings.tooManyFields(s.maxFields());
            }
            j++;
            cells.add(last ? null : new StringBuilder());
        }

        void append(char c) {
            if (cells.get(j) == null) {
                cells.set(j, new StringBuilder("null"));
            }
            cells.get(j).append(c);
        }
    }

    /** DECIMAL can only match text starting with a digit, '.' or '-': most fields skip the matcher. */
    private static boolean mayBeDecimal(String text) {
        char c = text.isEmpty() ? ' ' : text.charAt(0);
        return c >= '0' && c <= '9' || c == '.' || c == '-';
    }

    private static double parseFloat(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return JsValues.stringToNumber(text);
        }
    }

    @Override
    void fromCsv(Map<String, Object> msg, String line, Done done) {
        boolean outside = true;
        List<Map<String, Object>> rows = new ArrayList<>();
        StringBuilder header = new StringBuilder();
        CsvCells.SplitPosition at = CsvCells.SplitPosition.of(msg, s.skip());
        boolean first = at.first();
        int linecount = at.linecount();
        int breaks = 0;
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '\r' || line.charAt(i) == '\n') {
                breaks++;
            }
        }
        if (at.hasParts() && !s.multiOne() && breaks > 1) {
            first = true;
        }
        Record r = new Record();
        template = new ArrayList<>(template);
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (first && linecount < s.skip()) {
                if (c == '\n') {
                    linecount++;
                }
                continue;
            }
            if (s.hdrin() && first) {
                if (c == '\n' || c == '\r' || line.length() - i == 1) {
                    if (line.length() - i == 1) {
                        header.append(c);
                    }
                    template = clean(header.toString(), s.sep());
                    first = false;
                } else {
                    header.append(c);
                }
            } else if (c == QUOTE) {
                outside = !outside;
                if (i > 0 && line.charAt(i - 1) == QUOTE && !outside) {
                    r.append(QUOTE);
                }
            } else if (c == s.sep() && outside) {
                boolean isNull = false;
                if (i == 0) {
                    throw new NodeError("TypeError: Cannot read properties of undefined (reading 'includes')");
                }
                if (line.charAt(i - 1) == s.sep() || line.charAt(i - 1) == '\n') {
                    isNull = true;
                }
                r.finishField(isNull || r.isNull());
                r.nextField(line.length() - 1 == i);
            } else if ((c == '\n' || c == '\r') && outside) {
                boolean isNull = i > 0 && line.charAt(i - 1) == s.sep();
                r.finishField(isNull || r.isNull());
                if (!r.obj.isEmpty()) {
                    rows.add(r.obj);
                }
                r = new Record();
            } else {
                r.append(c);
            }
        }
        if (!outside) {
            node.warn("Malformed CSV data - output probably corrupt.");
        }
        r.finishField(r.isNull());
        if (!r.obj.isEmpty()) {
            rows.add(r.obj);
        }
        List<String> cols = new ArrayList<>();
        for (String v : template) {
            if (!v.isEmpty()) {
                cols.add(v.indexOf(',') >= 0 ? QUOTE + v + QUOTE : v);
            }
        }
        String columns = String.join(",", cols);
        // sic (Node-RED's legacy parser): of a one-line part only the unterminated last record is kept
        List<Map<String, Object>> partial = r.obj.isEmpty() ? List.of() : List.of(r.obj);
        sendParsed(msg, at, breaks, rows, partial, columns);
        done.done();
    }
}
