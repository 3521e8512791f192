package io.redwire.nodes.thrift.codec;

import io.redwire.msg.Json;

import org.apache.thrift.TApplicationException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why a call did not return a value: the server raised a declared exception, answered with a
 * TApplicationException, the reply broke the protocol, or the connection failed. {@link #toMessageValue()} is what
 * flows see in msg.error; getMessage() reads like a JavaScript error's toString().
 */
public final class ThriftFailure extends Exception {
    public enum Kind { DECLARED, APPLICATION, PROTOCOL, TRANSPORT }

    private static final String[] APPLICATION_TYPES = {"UNKNOWN", "UNKNOWN_METHOD", "INVALID_MESSAGE_TYPE",
        "WRONG_METHOD_NAME", "BAD_SEQUENCE_ID", "MISSING_RESULT", "INTERNAL_ERROR", "PROTOCOL_ERROR",
        "INVALID_TRANSFORM", "INVALID_PROTOCOL", "UNSUPPORTED_CLIENT_TYPE"};

    private final Kind kind;
    private final String name;
    private final String detail;
    private final String code;
    private final Map<String, Object> fields;

    private ThriftFailure(Kind kind, String name, String detail, String code, Map<String, Object> fields) {
        super(name + ": " + detail, null, false, false);
        this.kind = kind;
        this.name = name;
        this.detail = detail;
        this.code = code;
        this.fields = fields;
    }

    /** The server raised an exception the IDL declares; fields are its values. */
    public static ThriftFailure declared(FieldDef exception, Map<String, Object> fields) {
        return new ThriftFailure(Kind.DECLARED, exception.type().idlName(), Json.stringify(fields),
                exception.name(), fields);
    }

    public static ThriftFailure application(int type, String message) {
        return new ThriftFailure(Kind.APPLICATION, "TApplicationException",
                message == null || message.isEmpty() ? typeName(type) : message, typeName(type), null);
    }

    public static ThriftFailure application(TApplicationException e) {
        return application(e.getType(), e.getMessage());
    }

    public static ThriftFailure protocol(String message) {
        return new ThriftFailure(Kind.PROTOCOL, "TProtocolException", message, "PROTOCOL_ERROR", null);
    }

    /** code names the failure: NOT_OPEN (cannot connect), TIMED_OUT, END_OF_FILE (connection lost). */
    public static ThriftFailure transport(String code, String message) {
        return new ThriftFailure(Kind.TRANSPORT, "TTransportException", message, code, null);
    }

    public Kind kind() {
        return kind;
    }

    /** The exception type: a declared exception's IDL name, or TApplicationException etc. */
    public String name() {
        return name;
    }

    /** A declared exception's throws-field name; the TApplicationException type; the transport failure. */
    public String code() {
        return code;
    }

    /** A declared exception's fields, else null. */
    public Map<String, Object> fields() {
        return fields;
    }

    /** msg.error: {name, message, code, fields (declared exceptions only)}. */
    public Map<String, Object> toMessageValue() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("message", detail);
        m.put("code", code);
        if (fields != null) {
            m.put("fields", fields);
        }
        return m;
    }

    static String typeName(int type) {
        return type >= 0 && type < APPLICATION_TYPES.length ? APPLICATION_TYPES[type] : "UNKNOWN";
    }
}
