package io.redwire.nodes.flowcontrol;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.Mustache;
import io.redwire.js.Undefined;
import io.redwire.msg.ContextScope;
import io.redwire.msg.JsonParse;
import io.redwire.msg.NodeError;
import io.redwire.msg.PropertyPath;
import io.redwire.msg.TypedValue;
import io.redwire.yaml.JsYaml;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * template: renders a mustache template (or plain text) against the msg and stores the result, as a string or
 * parsed as JSON or YAML, in a msg property or a context key. {{flow.x}}, {{global.x}} and {{env.NAME}} read
 * context and environment.
 */
public final class TemplateNode extends Node {
    static final Field FIELD = Field.typed("field", "fieldType", "msg", List.of("msg", "flow", "global"));
    static final Field FORMAT = Field.select("format", "handlebars", "handlebars", "html", "json", "javascript", "css", "markdown", "python", "sql", "yaml", "text").label("format (editor highlighting only)");
    static final Field SYNTAX = Field.select("syntax", "mustache", "mustache", "plain");
    static final Field TEMPLATE = Field.code("template", "handlebars", "This is the payload: {{payload}} !")
            .runtimeDefault(null); // a flow without one renders ""
    static final Field OUTPUT = Field.select("output", "str", "str", "json", "yaml");

    public static final NodeType TYPE = NodeType.builder("template", "function").icon("template")
            .help("Sets a property from a Mustache template filled with the message's properties, as text, JSON or YAML.")
            .color("rgb(243, 181, 103)")
            .ports(1, 1)
            .fields(FIELD, FORMAT, SYNTAX, TEMPLATE, OUTPUT)
            .library("templates", TEMPLATE, FORMAT, SYNTAX, OUTPUT)
            .factory(TemplateNode::new);

    private static final Pattern CONTEXT_NAME = Pattern.compile("^(flow|global)(\\[(\\w+)])?\\.(.+)");
    private static final String ENV_PREFIX = "env.";

    private final String field;
    private final String fieldType;
    private final PropertyPath fieldPath;
    private final boolean mustache;
    private final String output;
    private final String template;
    private final Mustache compiled;
    private final String compileError;
    private final long maxOutput;
    private final int maxAliasValues;
    /** The last msg.template used (only when the node's own template is empty), parsed. */
    private String lastMsgTemplate;
    private Mustache lastMsgCompiled;

    TemplateNode(NodeConfig c) {
        super(c);
        this.field = c.str(FIELD).isEmpty() ? "payload" : c.str(FIELD);
        this.fieldType = c.typeOf(FIELD);
        if (!List.of("msg", "flow", "global").contains(fieldType)) {
            throw c.error(FIELD, "must be msg, flow or global");
        }
        try {
            this.fieldPath = fieldType.equals("msg") ? PropertyPath.ofMsg(field) : null;
        } catch (PropertyPath.PropertyException e) {
            throw c.error(FIELD, e.getMessage());
        }
        this.mustache = !c.str(SYNTAX).equals("plain");
        this.output = c.str(OUTPUT).isEmpty() ? "str" : c.str(OUTPUT);
        this.template = c.str(TEMPLATE);
        this.maxAliasValues = RuntimeSettings.YAML_MAX_ALIAS_EXPANSION.read(c.services().settings());
        Mustache parsed = null;
        String error = null;
        if (mustache) {
            try {
                parsed = Mustache.parse(template);
            } catch (IllegalArgumentException e) {
                error = e.getMessage(); // Node-RED reports a bad template per message, so do we
            }
        }
        this.compiled = parsed;
        this.compileError = error;
        this.maxOutput = FlowControlSettings.TEMPLATE_MAX_OUTPUT.read(c.services().settings());
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        String text = template;
        Mustache tpl = compiled;
        String error = compileError;
        if (template.isEmpty() && msg.containsKey("template")) {
            text = msg.get("template") == null ? "" : String.valueOf(msg.get("template"));
            if (mustache) {
                try {
                    tpl = msgTemplate(text);
                    error = null;
                } catch (IllegalArgumentException e) {
                    error = e.getMessage();
                }
            }
        }
        if (error != null) {
            done.done(new NodeError(error));
            return;
        }
        Object value;
        try {
            String rendered = mustache ? tpl.render(msg, resolver(tpl, msg), maxOutput) : text;
            value = switch (output) {
                case "json" -> JsonParse.parse(rendered);
                case "yaml" -> JsYaml.load(rendered, maxAliasValues);
                default -> rendered;
            };
        } catch (NodeError e) {
            done.done(e);
            return;
        } catch (IllegalArgumentException e) {
            done.done(new NodeError(e.getMessage()));
            return;
        } catch (StackOverflowError e) { // sections nested thousands deep; Node-RED reports mustache.js's err.message
            done.done(new NodeError("Maximum call stack size exceeded"));
            return;
        }
        if (fieldPath != null) {
            fieldPath.set(msg, value, value != Undefined.VALUE, msg);
        } else {
            ContextScope ctx = fieldType.equals("flow") ? flowContext() : globalContext();
            ctx.set(field, value);
        }
        send(msg);
        done.done();
    }

    private Mustache msgTemplate(String text) {
        if (!text.equals(lastMsgTemplate)) {
            lastMsgCompiled = Mustache.parse(text);
            lastMsgTemplate = text;
        }
        return lastMsgCompiled;
    }

    /**
     * Node-RED's lookup: the msg first (strings JSON-escaped at the top level when the output is JSON); then
     * {{env.X}}, {{flow.x}} and {{global.x}} fetched before rendering; anything else renders empty.
     */
    private Mustache.Resolver resolver(Mustache tpl, Map<String, Object> msg) {
        Map<String, Object> prefetched = prefetch(tpl);
        boolean escapeForJson = output.equals("json");
        return (name, found, topLevel) -> {
            if (found != Undefined.VALUE) {
                return escapeForJson && topLevel && found instanceof String s ? escapeJsonString(s) : found;
            }
            if (prefetched.containsKey(name)) {
                return prefetched.get(name);
            }
            return "";
        };
    }

    private Map<String, Object> prefetch(Mustache tpl) {
        Map<String, Object> out = new HashMap<>();
        for (String name : tpl.names()) {
            if (name.startsWith(ENV_PREFIX) && name.length() > ENV_PREFIX.length()) {
                out.put(name, TypedValue.evaluateEnv(name.substring(ENV_PREFIX.length()), this));
                continue;
            }
            Matcher m = CONTEXT_NAME.matcher(name);
            if (m.find()) {
                ContextScope ctx = m.group(1).equals("flow") ? flowContext() : globalContext();
                Object v;
                try {
                    v = ctx.get(m.group(4));
                } catch (PropertyPath.PropertyException e) {
                    v = null;
                }
                out.put(name, v == null ? Undefined.VALUE : v);
            }
        }
        return out;
    }

    /** What Node-RED escapes in string values before rendering JSON output (double quotes are not escaped). */
    private static String escapeJsonString(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                case '\f' -> sb.append("\\f");
                case '\b' -> sb.append("\\b");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
