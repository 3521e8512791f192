package io.redwire.msg;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonataExpressionTest {
    @Test
    void millisIsTheTimeOfThisEvaluationEvenAfterOtherExpressionsCompiled() throws Exception {
        JsonataExpression elapsed = JsonataExpression.compile("$millis() - start");
        JsonataExpression stamp = JsonataExpression.compile("$millis()");
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("start", stamp.evaluate(msg, null));
        Thread.sleep(50);
        double took = ((Number) elapsed.evaluate(msg, null)).doubleValue();
        assertTrue(took >= 45, "elapsed " + took);
    }

    @Test
    void nowIsAnIsoTimestamp() {
        Object now = JsonataExpression.compile("$now()").evaluate(new LinkedHashMap<>(), null);
        assertTrue(String.valueOf(now).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), now.toString());
        assertEquals(Boolean.TRUE, JsonataExpression.compile("$millis() > 0").evaluate(new LinkedHashMap<>(), null));
    }

    @Test
    void nowTakesAPictureAndATimezone() {
        Object year = JsonataExpression.compile("$now('[Y0001]')").evaluate(new LinkedHashMap<>(), null);
        assertEquals(String.valueOf(java.time.Year.now(java.time.ZoneOffset.UTC).getValue()), year);
        Object zoned = JsonataExpression.compile("$now('[H01]:[m01] [Z]', '+0530')").evaluate(new LinkedHashMap<>(), null);
        assertTrue(String.valueOf(zoned).matches("\\d\\d:\\d\\d \\+05:30"), String.valueOf(zoned));
    }
}
