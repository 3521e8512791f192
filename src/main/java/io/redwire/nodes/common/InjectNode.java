package io.redwire.nodes.common;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.InjectTarget;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.msg.PropertyPath;
import io.redwire.msg.TypedValue;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;

import io.vertx.core.Future;

import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** inject: builds a msg from its props on a button press, once at start, every N seconds or on a crontab. */
public final class InjectNode extends Node implements InjectTarget {
    static final Field PROPS = Field.rows("props", Field.row("p", "", "vt", "str", "v", ""),
                    Field.str("p", "").label("property").asRequired().checkedByEditorOnly(),
                    Field.typed("v", "vt", "str", List.of("flow", "global", "str", "num", "bool", "json", "bin", "date",
                            "jsonata", "env")).label("value"))
            .editorDefault(List.of(Field.row("p", "payload"), Field.row("p", "topic", "vt", "str")))
            .rowHeldOnNode("p", "payload", "payload", "payloadType").rowHeldOnNode("p", "topic", "topic", null)
            .runtimeDefault(null); // a flow from before props: the payload/topic fields below
    static final Field REPEAT = Field.num("repeat", null).label("repeat (s)").range(0, 2147483).checkedByEditorOnly();
    static final Field CRONTAB = Field.str("crontab", "");
    static final Field ONCE = Field.bool("once", false);
    static final Field ONCE_DELAY = Field.num("onceDelay", 0.1);
    static final Field TOPIC = Field.str("topic", "");
    static final Field PAYLOAD = Field.typed("payload", "payloadType", "date", Field.ALL_TYPES);
    static final Field CLUSTER = Field.select("cluster", "leader", "leader", "every").label("in a cluster, repeat on");

    public static final NodeType TYPE = NodeType.builder("inject", "common").icon("inject")
            .label(Label.computed())
            .help("Starts a flow: sends a message when its button is clicked, once after the flows start, or on a schedule.\n\n- The properties rows set `msg.payload`, `msg.topic` or any other property from a typed value.\n- Repeat every N seconds, or on a cron-style schedule (`crontab`).\n- Once: one message `onceDelay` seconds after a deploy.")
            .computedPortLabels()
            .color("#a6bbcf").ports(0, 1)
            .button(NodeType.Button.press("inject", "inject now"))
            .fields(PROPS, REPEAT, CRONTAB, ONCE, ONCE_DELAY, TOPIC, PAYLOAD, CLUSTER)
            .factory(InjectNode::new);

    private record Prop(PropertyPath path, TypedValue value) {
    }

    private final List<Prop> props;
    private final double repeatSeconds;
    private final String crontab;
    private final boolean once;
    private final double onceDelay;
    private final boolean everyMember;
    private long timer = -1;

    InjectNode(NodeConfig c) {
        super(c);
        this.props = compileProps(c, propDefs(c));
        this.repeatSeconds = c.num(REPEAT);
        this.crontab = c.str(CRONTAB).strip();
        this.once = c.bool(ONCE);
        double d = c.num(ONCE_DELAY);
        this.onceDelay = d > 0 ? d : 0.1;
        this.everyMember = "every".equals(c.str(CLUSTER));
        if (!crontab.isEmpty() && repeatSeconds <= 0) {
            cron(crontab); // validate now
        }
    }

    /** Resolves legacy payload/topic fields into the props list. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> propDefs(NodeConfig c) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (!(c.get(PROPS) instanceof List)) {
            out.add(prop("payload", c.str(PAYLOAD), c.typeOf(PAYLOAD)));
            out.add(prop("topic", c.str(TOPIC), "str"));
            return out;
        }
        for (Object o : c.list(PROPS)) {
            Map<String, Object> p = new LinkedHashMap<>((Map<String, Object>) o);
            String name = String.valueOf(p.get("p"));
            if (name.equals("payload") && !p.containsKey("v")) {
                p.put("v", c.str(PAYLOAD));
                p.put("vt", c.typeOf(PAYLOAD));
            } else if (name.equals("topic") && "str".equals(p.get("vt")) && !p.containsKey("v")) {
                p.put("v", c.str(TOPIC));
            }
            out.add(p);
        }
        return out;
    }

    private static Map<String, Object> prop(String p, String v, String vt) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("p", p);
        m.put("v", v);
        m.put("vt", vt);
        return m;
    }

    private static List<Prop> compileProps(NodeConfig c, List<Map<String, Object>> defs) {
        List<Prop> out = new ArrayList<>();
        for (Map<String, Object> p : defs) {
            String v = p.get("v") == null ? "" : JsValues.toJsString(p.get("v")); // ""+value, as Node-RED
            String vt = p.get("vt") == null ? "str" : String.valueOf(p.get("vt"));
            out.add(new Prop(PropertyPath.ofMsg(String.valueOf(p.get("p"))), c.typed(v, vt, PROPS)));
        }
        return out;
    }

    @Override
    public Future<Void> start() {
        if (once) {
            timer = timers().setTimeout((long) (onceDelay * 1000), () -> {
                timer = -1;
                inject(Map.of());
                schedule();
            });
        } else {
            schedule();
        }
        return Future.succeededFuture();
    }

    private void schedule() {
        if (repeatSeconds > 0) {
            if (repeatSeconds > 2147483) {
                error("repeat interval too large", null);
                return;
            }
            timer = timers().setInterval((long) (repeatSeconds * 1000), () -> tick());
        } else if (!crontab.isEmpty()) {
            scheduleCron();
        }
    }

    private void scheduleCron() {
        ExecutionTime exec = ExecutionTime.forCron(cron(crontab));
        ZonedDateTime now = ZonedDateTime.now();
        exec.timeToNextExecution(now).ifPresent(d -> timer = timers().setTimeout(Math.max(1, d.toMillis()), () -> {
            tick();
            scheduleCron();
        }));
    }

    /** A repeat or crontab firing: in a cluster every member keeps the timer, only the leader (or all) fires. */
    private void tick() {
        if (everyMember || engine().membership().leader()) {
            inject(Map.of());
        }
    }

    private static com.cronutils.model.Cron cron(String expr) {
        String e = expr.strip();
        int fields = e.split("\\s+").length;
        CronType type = fields >= 6 ? CronType.QUARTZ : CronType.UNIX;
        String normalised = fields == 6 && !e.contains("?") ? quartzify(e) : e;
        try {
            return new CronParser(CronDefinitionBuilder.instanceDefinitionFor(type)).parse(normalised);
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException("invalid crontab '" + expr + "': " + ex.getMessage());
        }
    }

    /** Quartz needs '?' in day-of-month or day-of-week. */
    private static String quartzify(String e) {
        String[] f = e.split("\\s+");
        if (f[5].equals("*")) {
            f[5] = "?";
        } else if (f[3].equals("*")) {
            f[3] = "?";
        }
        return String.join(" ", f);
    }

    /** A button press, timer or admin call: the msg starts empty, or as the custom-props body. */
    @Override
    public void inject(Map<String, Object> body) {
        Map<String, Object> msg = Messages.create();
        if (body.get("__user_inject_props__") instanceof List) {
            msg.putAll(body);
        }
        receive(msg);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void onInput(Map<String, Object> msg, Done done) {
        List<Prop> use = props;
        if (msg.remove("__user_inject_props__") instanceof List<?> custom) {
            use = new ArrayList<>();
            for (Object o : custom) {
                Map<String, Object> p = (Map<String, Object>) o;
                use.add(new Prop(PropertyPath.ofMsg(String.valueOf(p.get("p"))), TypedValue.compile(
                        p.get("v") == null ? "" : JsValues.toJsString(p.get("v")),
                        p.get("vt") == null ? "str" : String.valueOf(p.get("vt")))));
            }
        }
        List<String> errors = new ArrayList<>();
        for (Prop p : use) {
            try {
                Object v = p.value.evaluate(msg, this);
                p.path.set(msg, v, v != Undefined.VALUE, msg);
            } catch (RuntimeException e) {
                errors.add(e.getMessage());
            }
        }
        if (!errors.isEmpty()) {
            done.done(new NodeError(String.join("; ", errors)));
            return;
        }
        send(msg);
        done.done();
    }

    @Override
    public Future<Void> close() {
        if (timer >= 0) {
            timers().clear(timer);
        }
        return Future.succeededFuture();
    }
}
