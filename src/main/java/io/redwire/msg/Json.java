package io.redwire.msg;

import io.redwire.js.JsValueDeserializer;
import io.redwire.js.JsValues;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.SegmentedStringWriter;
import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.util.Date;
import java.util.regex.Pattern;

/** JSON with JavaScript's JSON.stringify conventions for the values a message may hold. */
public final class Json {
    /**
     * How deep written JSON may nest: V8's JSON.stringify gets to about 4 100 levels on Node's default stack and
     * throws its RangeError beyond; {@link TreeWriter} needs no stack for it.
     */
    public static final int MAX_NESTING = 4000;
    public static final ObjectMapper MAPPER = createMapper();
    /** Writes the values between maps and lists; TreeWriter flushes once at the end, not after each of them. */
    private static final ObjectWriter LEAVES = MAPPER.writer().without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
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
        return new ObjectMapper(JsonFactory.builder().streamWriteConstraints(
                StreamWriteConstraints.builder().maxNestingDepth(MAX_NESTING).build()).build())
                .registerModule(js)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** JSON.stringify prints integral doubles without a fraction and NaN/Infinity as null. */
    static void writeNumber(double d, JsonGenerator g) throws IOException {
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
        return text(value, false);
    }

    /** JSON.stringify(value, null, 4). */
    public static String pretty(Object value) {
        return text(value, true);
    }

    private static String text(Object value, boolean pretty) {
        BufferRecycler buffers = MAPPER.getFactory()._getBufferRecycler(); // as ObjectMapper.writeValueAsString
        try (SegmentedStringWriter out = new SegmentedStringWriter(buffers)) {
            write(MAPPER.createGenerator(out), value, pretty);
            return out.getAndClear();
        } catch (IOException e) {
            throw failure(value, e);
        } finally {
            buffers.releaseToPool();
        }
    }

    public static byte[] bytes(Object value) {
        BufferRecycler buffers = MAPPER.getFactory()._getBufferRecycler(); // as ObjectMapper.writeValueAsBytes
        try (ByteArrayBuilder out = new ByteArrayBuilder(buffers)) {
            write(MAPPER.createGenerator(out, JsonEncoding.UTF8), value, false);
            byte[] json = out.toByteArray();
            out.release();
            return json;
        } catch (IOException e) {
            throw failure(value, e);
        } finally {
            buffers.releaseToPool();
        }
    }

    private static void write(JsonGenerator g, Object value, boolean pretty) throws IOException {
        try (g) {
            if (pretty) {
                g.setPrettyPrinter(FOUR_SPACES.createInstance());
            }
            TreeWriter.write(LEAVES, g, value);
        }
    }

    /**
     * What JSON.stringify throws instead: V8's TypeError naming the circle for a cycle (writing only meets the
     * nesting limit going round it), its RangeError for a value nested too deep, else the serialiser's own text.
     * The walk for the circle runs only once writing has failed.
     */
    private static IllegalArgumentException failure(Object value, IOException e) {
        String circle = Cycles.circle(value);
        if (circle != null) {
            return new CircularStructure(circle);
        }
        if (beyondNestingLimit(e)) {
            return new TooDeep();
        }
        return new IllegalArgumentException("cannot serialise value: "
                + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
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
