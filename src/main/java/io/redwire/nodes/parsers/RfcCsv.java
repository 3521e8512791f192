package io.redwire.nodes.parsers;

import io.redwire.js.JsValues;
import io.redwire.msg.NodeError;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The csv node's RFC 4180 reader (Node-RED 5's {@code spec: "rfc"} mode). Hand-written rather than commons-csv because
 * Node-RED's reader has its own leniency the recorded cases depend on: outside strict mode a stray quote inside an
 * unquoted field is kept and text after a closing quote is appended; an empty field is null but an empty quoted
 * field is ""; {@code \r}, {@code \n} and {@code \r\n} all end a record; numbers convert with JavaScript's unary plus
 * unless the text starts with '+' or a leading zero. Strict mode (header rows, column templates) throws the errors
 * Node-RED names {@code UnquotedQuoteError} and {@code DataAfterCloseError}.
 */
final class RfcCsv {

    /** Parse options; the defaults are Node-RED's. */
    static final class Options {
        int cursor;
        char separator = ',';
        char quote = '"';
        boolean headersOnly;
        List<String> headers;
        boolean dataHasHeaderRow = true;
        boolean parseNumeric;
        boolean includeNullValues;
        boolean includeEmptyStrings = true;
        boolean strict;
        int maxFields = Integer.MAX_VALUE;
    }

    /** What a parse found: the rows as cells (null for an empty unquoted field), the headers and where it stopped. */
    record Result(List<String> headers, List<List<String>> rows, boolean firstRowIsHeader, int cursor) {
        /** The headers as Node-RED writes msg.columns: non-empty names, quoted when needed, joined by commas. */
        String header() {
            List<String> quoted = new ArrayList<>();
            for (String h : headers) {
                if (h != null && !h.isEmpty()) {
                    quoted.add(quoteCell(h, '"', ','));
                }
            }
            return String.join(",", quoted);
        }

        /** The data rows as objects keyed by the headers (rows that end up empty are dropped). */
        List<Map<String, Object>> objects(Options o) {
            List<Map<String, Object>> out = new ArrayList<>();
            for (int i = firstRowIsHeader ? 1 : 0; i < rows.size(); i++) {
                List<String> row = rows.get(i);
                Map<String, Object> obj = new LinkedHashMap<>(Math.min(headers.size(), row.size()) * 4 / 3 + 1);
                for (int j = 0; j < headers.size(); j++) {
                    String h = headers.get(j);
                    if (h == null || h.isEmpty()) {
                        continue;
                    }
                    String cell = j < row.size() ? row.get(j) : null;
                    if (cell == null && !o.includeNullValues || "".equals(cell) && !o.includeEmptyStrings) {
                        continue;
                    }
                    obj.put(h, o.parseNumeric ? numeric(cell) : cell);
                }
                if (!obj.isEmpty()) {
                    out.add(obj);
                }
            }
            return out;
        }
    }

    private RfcCsv() {
    }

    /**
     * JavaScript's {@code +text}, applied unless the text starts with '+' or a leading zero (Node-RED's
     * {@code /^ *(\+|-0\d|0\d)/}, checked by hand: a regex matcher per cell was most of a long line's cost).
     */
    static Object numeric(String cell) {
        if (cell == null || cell.isEmpty() || keptAsText(cell)) {
            return cell;
        }
        double d = JsValues.stringToNumber(cell);
        return Double.isNaN(d) ? cell : JsValues.number(d);
    }

    private static boolean keptAsText(String cell) {
        int i = 0;
        while (i < cell.length() && cell.charAt(i) == ' ') {
            i++;
        }
        if (i < cell.length() && cell.charAt(i) == '-') {
            i++;
        } else if (i < cell.length() && cell.charAt(i) == '+') {
            return true;
        }
        return i + 1 < cell.length() && cell.charAt(i) == '0' && cell.charAt(i + 1) >= '0' && cell.charAt(i + 1) <= '9';
    }

    static Result parse(String in, Options o) {
        List<List<String>> output = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        int cursor = o.cursor;
        int max = in.length();
        boolean newCell = true;
        boolean inQuote = false;
        boolean closed = false;
        while (cursor < max) {
            char c = in.charAt(cursor);
            if (inQuote) {
                if (c == o.quote && cursor + 1 < max && in.charAt(cursor + 1) == o.quote) {
                    cell.append(o.quote);
                    cursor += 2;
                    closed = false;
                } else if (c == o.quote) {
                    inQuote = false;
                    cursor++;
                    closed = true;
                } else {
                    cell.append(c);
                    closed = false;
                    cursor++;
                }
                newCell = false;
            } else if (c == o.separator) {
                finishCell(row, cell, newCell, o.maxFields);
                cursor++;
                newCell = true;
                closed = false;
            } else if (c == o.quote) {
                if (newCell) {
                    inQuote = true;
                    cursor++;
                    newCell = false;
                    closed = false;
                } else if (o.strict) {
                    throw new NodeError("UnquotedQuoteError: Quote found in the middle of an unquoted field");
                } else {
                    // lenient: keep one quote unless a separator or line end follows; a doubled quote counts once
                    cursor++;
                    if (cursor < max && !isLineEnd(in.charAt(cursor)) && in.charAt(cursor) != o.separator) {
                        cell.append(c);
                        if (in.charAt(cursor) == o.quote) {
                            cursor++;
                        }
                    }
                }
            } else if (isLineEnd(c)) {
                finishRow(output, row, cell, newCell, o.maxFields);
                row = new ArrayList<>();
                cursor += cursor + 1 < max && in.charAt(cursor + 1) == '\n' ? 2 : 1;
                newCell = true;
                closed = false;
                if (o.headersOnly) {
                    break;
                }
            } else if (closed) {
                if (o.strict) {
                    throw new NodeError("DataAfterCloseError: Data found after closing quote");
                }
                // lenient: step back onto the closing quote, which the unquoted-field rule then keeps
                cursor--;
                closed = false;
            } else {
                cell.append(c);
                newCell = false;
                cursor++;
            }
        }
        if (o.strict && inQuote) {
            throw new NodeError("ParseError: Missing quote, unclosed cell");
        }
        finishRow(output, row, cell, newCell, o.maxFields);
        List<String> headers = new ArrayList<>();
        boolean firstRowIsHeader = false;
        boolean supplied = o.headers != null && !o.headers.isEmpty();
        if (supplied) {
            headers.addAll(o.headers);
        } else if (!output.isEmpty()) {
            if (o.dataHasHeaderRow) {
                headers.addAll(output.get(0));
                firstRowIsHeader = true;
            } else {
                for (int i = 0; i < output.get(0).size(); i++) {
                    headers.add("col" + (i + 1));
                }
            }
        }
        return new Result(headers, output, firstRowIsHeader, cursor);
    }

    private static boolean isLineEnd(char c) {
        return c == '\n' || c == '\r';
    }

    private static void finishCell(List<String> row, StringBuilder cell, boolean newCell, int maxFields) {
        if (row.size() >= maxFields) {
            throw ParserSettings.tooManyFields(maxFields);
        }
        String text = cell.toString();
        cell.setLength(0);
        row.add(!text.isEmpty() ? text : newCell ? null : "");
    }

    private static void finishRow(List<List<String>> output, List<String> row, StringBuilder cell, boolean newCell,
                                  int maxFields) {
        if (cell.length() > 0) {
            finishCell(row, cell, newCell, maxFields);
        }
        if (!row.isEmpty()) {
            output.add(row);
        }
    }

    /** Parses a column list (a template or msg.columns) strictly; null unless it is exactly one row. */
    static List<String> columns(String text, char separator) {
        Options o = new Options();
        o.separator = separator;
        o.strict = true;
        Result r = parse(text, o);
        return r.rows().size() == 1 ? r.rows().get(0) : null;
    }

    /** Quotes a cell holding the quote, the separator or a line break; quotes inside are doubled. */
    static String quoteCell(String cell, char quote, char separator) {
        boolean needs = cell.indexOf(quote) >= 0 || cell.indexOf(separator) >= 0
                || cell.indexOf('\r') >= 0 || cell.indexOf('\n') >= 0;
        String body = cell.indexOf(quote) >= 0 ? cell.replace(String.valueOf(quote), "" + quote + quote) : cell;
        return needs ? quote + body + quote : body;
    }
}
