package io.redwire.msg;

import io.redwire.js.JsValueDeserializer;
import io.redwire.js.JsValues;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.util.Date;
import java.util.regex.Pattern;

/** JSON with JavaScript's JSON.stringify conventions for the values a message may hold. */
public final class Json {
    public static final ObjectMapper MAPPER = createMapper();
    private static final DefaultPrettyPrinter FOUR_SPACES = new DefaultPrettyPrinter()
            .withObjectIndenter(new com.fasterxml.jackson.core.util.DefaultIndenter("    ", "\n"))
            .withArrayIndenter(new com.fasterxml.jackson.core.util.DefaultIndenter("    ", "\n"))
            .withSeparators(com.fasterxml.jackson.core.util.Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(com.fasterxml.jackson.core.util.Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("").withArrayEmptySeparator("")); // JSON.stringify prints [] and {}

    private Json() {
    }

    private static ObjectMapper createMapper() {
        SimpleModule js = new SimpleModule("javascript-values");
        js.addSerializer(Double.class, new JsonSerializer<>() {
            @Override
            public void serialize(Double d, JsonGenerator g, SerializerProvider p) throws IOException {
                writeNumber(d, g);
            }
        });
        js.addSerializer(Float.class, new JsonSerializer<>() {
            @Override
            public void serialize(Float f, JsonGenerator g, SerializerProvider p) throws IOException {
                writeNumber(f.doubleValue(), g);
            }
        });
        js.addSerializer(byte[].class, new JsonSerializer<>() {
            @Override
            public void serialize(byte[] b, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeStartObject();
                g.writeStringField("type", "Buffer");
                g.writeArrayFieldStart("data");
                for (byte x : b) {
                    g.writeNumber(x & 0xff);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
        });
        js.addSerializer(Date.class, new JsonSerializer<>() {
            @Override
            public void serialize(Date d, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeString(JsValues.isoString(d));
            }
        });
        js.addSerializer(Pattern.class, new JsonSerializer<>() {
            @Override
            public void serialize(Pattern r, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeStartObject();
                g.writeEndObject();
            }
        });
        js.addSerializer(SharedRef.class, new JsonSerializer<>() {
            @Override
            public void serialize(SharedRef r, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeStartObject();
                g.writeEndObject();
            }
        });
        js.addDeserializer(Object.class, new JsValueDeserializer());
        return new ObjectMapper()
                .registerModule(js)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** JSON.stringify prints integral doubles without a fraction and NaN/Infinity as null. */
    private static void writeNumber(double d, JsonGenerator g) throws IOException {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            g.writeNull();
        } else if (d == Math.rint(d) && Math.abs(d) < 9.0e15) {
            g.writeNumber((long) d);
        } else {
            g.writeRawValue(JsValues.numberToString(d));
        }
    }

    /** Parses JSON text into Map/List/String/Number/Boolean/null; throws with line and column on bad input. */
    public static Object parse(String text) throws JsonProcessingException {
        return MAPPER.readValue(text, Object.class);
    }

    public static Object parse(byte[] bytes) throws IOException {
        return MAPPER.readValue(bytes, Object.class);
    }

    public static String stringify(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException | StackOverflowError e) {
            throw failure(value, e);
        }
    }

    public static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException | StackOverflowError e) {
            throw failure(value, e);
        }
    }

    /** JSON.stringify(value, null, 4). */
    public static String pretty(Object value) {
        try {
            return MAPPER.writer(FOUR_SPACES).writeValueAsString(value);
        } catch (JsonProcessingException | StackOverflowError e) {
            throw failure(value, e);
        }
    }

    /**
     * What JSON.stringify throws instead: V8's TypeError naming the circle for a cycle (Jackson itself only meets
     * its nesting limit, or the end of the stack, going round it), its RangeError for a value nested too deep, else
     * the serialiser's own text. The walk for the circle runs only once writing has failed.
     */
    private static IllegalArgumentException failure(Object value, Throwable e) {
        String circle = Cycles.circle(value);
        if (circle != null) {
            return new CircularStructure(circle);
        }
        if (e instanceof StackOverflowError || beyondNestingLimit(e)) {
            return new TooDeep();
        }
        return new IllegalArgumentException("cannot serialise value: "
                + ((JsonProcessingException) e).getOriginalMessage(), e);
    }

    private static boolean beyondNestingLimit(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StreamConstraintsException) {
                return true;
            }
        }
        return false;
    }

    /** A value that refers to itself cannot be written as JSON (JavaScript's TypeError). */
    public static final class CircularStructure extends IllegalArgumentException {
        CircularStructure(String v8Text) {
            super(v8Text, null);
        }
    }

    /** A value nested deeper than the serialiser goes (JavaScript's RangeError, as V8's JSON.stringify). */
    public static final class TooDeep extends IllegalArgumentException {
        TooDeep() {
            super("Maximum call stack size exceeded", null);
        }
    }

    /** JSON.parse's error text, close to V8's: "Unexpected token ... in JSON at position N". */
    public static String describe(JsonProcessingException e) {
        var loc = e.getLocation();
        String where = loc == null ? "" : " (line " + loc.getLineNr() + " column " + loc.getColumnNr() + ")";
        return e.getOriginalMessage() + where;
    }
}
