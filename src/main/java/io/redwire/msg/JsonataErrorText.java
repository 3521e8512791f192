package io.redwire.msg;

import com.dashjoin.jsonata.JException;

import java.util.Map;

/**
 * JSONata's texts for the function-signature errors, which com.dashjoin.jsonata fills in wrongly ("Argument "a" of
 * Object "n" must be an array of {{type}}"): T0410 (argument does not match), T0411 (context value not compatible)
 * and T0412 (array of the wrong type), as jsonata-js words them for Node-RED. The function's name is read from the
 * expression just before the call's "(" (the error's position); T0412 names argument 1, the only one the standard
 * library's array-typed signatures ($sum, $max, $min, $average, $join) have. T0410's argument number is the
 * library's own (it can say 1 where jsonata-js says 2 for a later argument).
 */
final class JsonataErrorText {
    private static final Map<String, String> ARRAY_OF = Map.of("a", "arrays", "b", "booleans", "f", "functions",
            "n", "numbers", "o", "objects", "s", "strings");

    private JsonataErrorText() {
    }

    /** The text for {@code e}, or null when the library's own message is right. */
    static String of(JException e, String expression) {
        String code = e.getError();
        if (code == null) {
            return null;
        }
        return switch (code) {
            case "T0410" -> "Argument " + e.getCurrent() + " of function \"" + e.getExpected()
                    + "\" does not match function signature";
            case "T0411" -> "Context value is not a compatible type with argument " + e.getExpected()
                    + " of function \"" + functionAt(expression, e.getLocation()) + "\"";
            case "T0412" -> "Argument 1 of function \"" + functionAt(expression, e.getLocation())
                    + "\" must be an array of \"" + ARRAY_OF.getOrDefault(String.valueOf(e.getExpected()), "undefined")
                    + "\"";
            default -> null;
        };
    }

    /** The name before the "(" at 1-based {@code position}: "$sum(" (position 5) gives "sum". */
    private static String functionAt(String expression, int position) {
        int paren = position - 1;
        if (paren <= 0 || paren >= expression.length() || expression.charAt(paren) != '(') {
            return "";
        }
        int end = paren;
        while (end > 0 && Character.isWhitespace(expression.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > 0 && (Character.isLetterOrDigit(expression.charAt(start - 1))
                || expression.charAt(start - 1) == '_')) {
            start--;
        }
        return expression.substring(start, end);
    }
}
