package io.redwire.js;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A number's text is JavaScript's String(n) (JSON.stringify writes the same digits): each row's expected text was
 * printed by Node 20 for that value, across the plain range (where Java's Double.toString already reads the same,
 * or uses an exponent that JavaScript does not) and the exponent ranges on either side.
 */
class NumberTextTest {
    @ParameterizedTest
    @CsvSource({
        "1.75, 1.75", "-1.75, -1.75", "0.1, 0.1", "0.3, 0.3", "0.3333333333333333, 0.3333333333333333",
        "-0.6666666666666666, -0.6666666666666666", "123456.789, 123456.789", "9999999.5, 9999999.5",
        "0.001, 0.001", "0.00123, 0.00123", "-0.0015, -0.0015", "1.5e-5, 0.000015", "1e-6, 0.000001",
        "1.5e-6, 0.0000015", "1.2e-7, 1.2e-7", "1e-7, 1e-7", "12345678.5, 12345678.5",
        "1.2345678912345e15, 1234567891234500", "9.5e15, 9500000000000000", "1e21, 1e+21", "1.5e21, 1.5e+21",
        "2.5e-300, 2.5e-300", "1.7976931348623157e308, 1.7976931348623157e+308", "0.5, 0.5",
        "100.25, 100.25", "1e20, 100000000000000000000", "123456789012.75, 123456789012.75", "4.35, 4.35",
        "3.0, 3", "-0.0, 0", "4.9e-324, 5e-324", "-4.9e-324, -5e-324", "1e-323, 1e-323",
        "2.2250738585072014e-308, 2.2250738585072014e-308"
    })
    void readsAsJavaScriptPrintsIt(double value, String javascript) {
        assertEquals(javascript, JsValues.numberToString(value));
    }
}
