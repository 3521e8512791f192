// Node and port labels as Node-RED 5.0.7's editor shows them. A type declares its label (GET /nodes, NodeType.Label)
// either as data — the first set field of a list, else a text — or as "computed": then the function below named
// after the type gives it; port labels likewise (a list, or computedPortLabels). The functions read only declared
// fields of the node (NodeTypeLabelsTest records what they read) and are unit-tested in
// web-editor/test/labels.test.mjs against the labels Node-RED shows for the same nodes.

/**
 * A node's label among the nodes `nodeById` finds (websocket and link call nodes show another's); `declarationOf`
 * gives a type's declared label (GET /nodes), undefined for a type the runtime does not declare.
 */
export function labelAmong(declarationOf, nodeById, node, httpNodeRoot = "/") {
  return nodeLabel(declarationOf(node.type), node, {
    node: (id) => (id ? nodeById(id) : undefined),
    labelOf: (id) => {
      const other = nodeById(id);
      return other ? labelAmong(declarationOf, nodeById, other, httpNodeRoot) : undefined;
    },
    httpNodeRoot,
  });
}

/**
 * The label a declaration gives a node; anything but a non-empty string (or a function that throws) gives the type
 * name, as Node-RED's canvas does. An undeclared type shows its name, else the type.
 * @param ctx `node(id)`: another node, `labelOf(id)`: its label, `httpNodeRoot`
 */
export function nodeLabel(declared, node, ctx) {
  let text;
  try {
    if (!declared) {
      text = node.name;
    } else if (declared.computed) {
      text = computedLabels[node.type](node, ctx);
    } else {
      text = firstSet(node, declared.fields, declared.otherwise);
    }
  } catch (err) {
    // a node its function cannot read (an old or hand-edited flow): Node-RED shows the type name too, silently
  }
  return typeof text === "string" && text !== "" ? text : node.type;
}

function firstSet(node, fields, otherwise) {
  for (const f of fields) {
    if (node[f]) {
      return node[f];
    }
  }
  return otherwise;
}

/** A context key without its `#:(store)::` prefix, as Node-RED's parseContextKey reads it. */
function contextKey(key) {
  const m = /^#:\((\S+?)\)::(.*)$/.exec(key);
  return m ? m[2] : key;
}

/** Node-RED's httpNodeRoot with its trailing slash, and a path appended without doubling it. */
function underRoot(root, path) {
  const base = root.endsWith("/") ? root : root + "/";
  return path ? base + (path.charAt(0) === "/" ? path.slice(1) : path) : base;
}

const INJECT_VALUE_NAMES = { date: "timestamp", bin: "buffer", env: "env variable" };

/** The inject label's end: "\t↻" when it repeats, else " ¹" when it fires once at start. */
function injectMark(node) {
  if ((node.repeat && node.repeat != 0) || node.crontab) {
    return "\t↻";
  }
  return node.once ? " ¹" : "";
}

/** What an unnamed inject sends: short literal values (and topic) as they are, other types by name. */
function injectValue(node) {
  const payload = node.payload || "";
  const type = node.payloadType || "str";
  const topic = node.topic || "";
  if (["string", "str", "num", "bool", "json"].includes(type)) {
    if (topic !== "" && topic.length + payload.length <= 32) {
      return topic + ":" + payload;
    }
    return payload.length > 0 && payload.length < 24 ? payload : "inject";
  }
  if (Object.hasOwn(INJECT_VALUE_NAMES, type)) {
    return (topic !== "" && topic.length <= 16 ? topic + ":" : "") + INJECT_VALUE_NAMES[type];
  }
  if (type === "flow" || type === "global") {
    return type + "." + contextKey(payload);
  }
  return "inject";
}

const CHANGE_VERBS = { set: "set", change: "change", move: "move" };

/** "set msg.payload", "change: 3 rules"; old nodes (no rules) name their one action ("replace" is set). */
function changeSummary(node) {
  if (!node.rules) {
    const verb = node.action === "replace" ? "set" : CHANGE_VERBS[node.action] || "delete";
    return verb + " msg." + node.property;
  }
  if (node.rules.length != 1) {
    return "change: " + node.rules.length + " rules";
  }
  const rule = node.rules[0];
  return (CHANGE_VERBS[rule.t] || "delete") + " " + (rule.pt || "msg") + "." + contextKey(rule.p);
}

/** "delay 5s", "limit 2 msg/3m": a rate's unit is its first letter, after the count when more than one. */
function delaySummary(node) {
  switch (node.pauseType) {
    case "delayv":
      return "variable";
    case "delay":
      return "delay " + node.timeout
          + (node.timeoutUnits == "milliseconds" ? "ms" : node.timeoutUnits ? node.timeoutUnits.charAt(0) : "s");
    case "random":
      return "random";
    default: {
      const per = node.rateUnits ? (node.nbRateUnits > 1 ? node.nbRateUnits : "") + node.rateUnits.charAt(0) : "s";
      const kind = node.pauseType == "rate" ? "limit" : node.pauseType == "burst" ? "burst" : "limit topic";
      return kind + " " + node.rate + " msg/" + per;
    }
  }
}

/** "catch: group", "status: 2" (the nodes it watches), else the node's own default for all nodes. */
function scopeSummary(kind, node, all) {
  if (node.scope === "group") {
    return kind + ": group";
  }
  return Array.isArray(node.scope) ? kind + ": " + node.scope.length : all;
}

/** The file nodes show their file name when it is a text or an environment variable's name. */
function fileName(node) {
  if (node.filenameType === "env") {
    return "env." + node.filename;
  }
  return node.filenameType == "str" ? node.filename : "";
}

function websocketLabel(node, ctx) {
  const endpoint = node.client ? node.client : node.server;
  return node.name || (ctx.node(endpoint) ? "[ws] " + ctx.labelOf(endpoint) : "websocket");
}

const tcpLabel = (host) => (node) => node.name || "tcp:" + (host(node) ? host(node) + ":" : "") + node.port;

const thriftMethodLabel = (otherwise) => (node) =>
  node.name || (node.service && node.method ? node.service + "." + node.method : otherwise);

const eventBusLabel = (otherwise) => (node) =>
  node.name || (node.address ? "eventbus: " + node.address : otherwise);

/** The types whose declaration says "computed", by type name. */
export const computedLabels = {
  inject: (node) => (node.name || injectValue(node)) + injectMark(node),
  debug(node) {
    const mark = node.console === true || node.console === "true" ? "\t⇲" : "";
    if (node.targetType === "jsonata") {
      return (node.name || "JSONata") + mark;
    }
    if (node.complete === true || node.complete === "true") {
      return (node.name || "msg") + mark;
    }
    return (node.name || "msg." + (!node.complete || node.complete === "false" ? "payload" : node.complete)) + mark;
  },
  complete: (node) => node.name || "complete: " + node.scope.length,
  catch: (node) => node.name || scopeSummary("catch", node, node.uncaught ? "catch: uncaught" : "catch: all"),
  status: (node) => node.name || scopeSummary("status", node, "status: all"),
  "link out": (node) => node.name || (node.mode === "return" ? "link return" : "link out"),
  "link call"(node, ctx) {
    if (node.name) {
      return node.name;
    }
    if (node.linkType === "dynamic") {
      return "Dynamic";
    }
    if (node.links.length > 0) {
      const target = ctx.node(node.links[0]);
      return target && (target.name || "link call"); // a missing target: the type name
    }
    return "none";
  },
  change: (node) => node.name || changeSummary(node),
  delay: (node) => node.name || delaySummary(node),
  trigger(node) {
    if (node.duration > 0) {
      return node.name || "trigger " + node.duration + node.units;
    }
    return node.name || (node.duration < 0 ? "resend every " + node.duration * -1 + node.units : "trigger & block");
  },
  range(node) {
    return node.name || (node.minout !== "" && node.maxout !== "" ? node.minout + " - " + node.maxout : "range");
  },
  exec(node) {
    return node.name || node.command.replace(/\\n /g, "\\\\n ") || (node.useSpawn == "true" ? "spawn" : "exec");
  },
  join(node) {
    const counted = node.mode === "custom" && !isNaN(Number(node.count));
    return (node.name || "join") + (counted ? " " + node.count + (node.accumulate === true ? "+" : "") : "");
  },
  batch(node) {
    let text = node.name || "batch";
    if (node.mode === "count" && !isNaN(Number(node.count))) {
      text += " " + node.count;
    }
    if (node.mode === "interval" && !isNaN(Number(node.interval))) {
      text += " " + node.interval + "s";
    }
    return text;
  },
  file(node) {
    const name = fileName(node);
    return node.name || (node.overwriteFile === "delete" ? "delete " + name : name || "write file");
  },
  "file in": (node) => node.name || fileName(node) || "read file",
  "http in"(node, ctx) {
    if (node.name) {
      return node.name;
    }
    return node.url ? "[" + node.method + "] " + underRoot(ctx.httpNodeRoot, node.url) : "http";
  },
  "http response": (node) => node.name || "http" + (node.statusCode ? " (" + node.statusCode + ")" : ""),
  "http proxy": (node) => node.name || node.url || "http proxy:" + node.id,
  "mqtt-broker"(node) {
    if (node.name) {
      return node.name;
    }
    const broker = node.broker || "undefined";
    const port = broker.indexOf("://") === -1 ? ":" + (node.port || 1883) : "";
    return (node.clientid ? node.clientid + "@" : "") + broker + port;
  },
  "websocket in": websocketLabel,
  "websocket out": websocketLabel,
  "websocket-listener": (node, ctx) => underRoot(ctx.httpNodeRoot, node.path),
  "tcp in": tcpLabel((node) => node.host),
  "tcp out": tcpLabel((node) => node.host),
  "tcp request": tcpLabel((node) => node.server),
  "udp in": (node) => node.name || "udp " + (node.multicast == "false" ? node.port : node.group + ":" + node.port),
  "udp out": (node) => node.name || "udp " + (node.addr + ":" + node.port),
  // Redwire's own families (no Node-RED counterpart):
  "grpc-server": (node) => (node.name || "localhost") + ":" + node.port,
  "thrift-server": (node) => node.name || (node.host || "localhost") + ":" + node.port,
  "thrift-call": thriftMethodLabel("thrift call"),
  "thrift-register-function": thriftMethodLabel("thrift register"),
  "eventbus in": eventBusLabel("eventbus in"),
  "eventbus out": eventBusLabel("eventbus out"),
};

/**
 * A port's label, null for none: the node's own (inputLabels/outputLabels, set in its form), else its type's —
 * the function below for a type whose declaration (GET /nodes) says `portLabels: {computed: true}`, else the
 * declared list (its last entry for the ports past its end).
 * @param direction "input" or "output"
 */
export function portLabel(declared, node, direction, index) {
  const own = direction === "input" ? node.inputLabels : node.outputLabels;
  if (Array.isArray(own) && own[index]) {
    return String(own[index]);
  }
  if (declared && declared.portLabels && declared.portLabels.computed) {
    return computedPortLabel(node, direction, index);
  }
  const list = declared && (direction === "input" ? declared.inputLabels : declared.outputLabels);
  return Array.isArray(list) ? list[index] || list[list.length - 1] || null : null;
}

/** The type's function's label; null when it gives none or cannot read the node (Node-RED then shows none). */
function computedPortLabel(node, direction, index) {
  const fn = computedPortLabels[node.type]?.[direction];
  let text;
  try {
    text = fn && fn(node, index);
  } catch (err) {
    // an old or hand-edited node its function cannot read
  }
  return typeof text === "string" && text !== "" ? text : null;
}

/** An inject property's value type, as the output's label names it ("payload: timestamp"). */
const INJECT_TYPE_NAMES = { flow: "flow context", global: "global context", str: "string", num: "number",
  bool: "boolean", json: "object", bin: "buffer", date: "timestamp", env: "env variable", object: "object",
  string: "string", boolean: "boolean", number: "number", Array: "array", invalid: "Invalid JSON Object" };

/** A JSON property's label names what its text holds: object, array, number... or that it does not parse. */
function injectTypeName(type, value) {
  let named = type;
  if (type === "json") {
    try {
      const parsed = JSON.parse(value);
      named = Array.isArray(parsed) ? "Array" : typeof parsed;
    } catch (err) {
      named = "invalid";
    }
  }
  // a type without a name shows its message key, as Node-RED's catalog lookup does
  return Object.hasOwn(INJECT_TYPE_NAMES, named) ? INJECT_TYPE_NAMES[named] : "inject.label." + named;
}

/** One line per property sent, "payload: string", the sixth and later counted; old nodes send payload and topic. */
function injectProperties(node) {
  const props = Array.isArray(node.props) ? node.props
    : [{ p: "payload", v: node.payload, vt: node.payloadType }, { p: "topic", v: node.topic, vt: "str" }];
  const lines = [];
  for (const [i, prop] of props.entries()) {
    if (i === 5) {
      lines.push("... +" + (props.length - 5));
      break;
    }
    const payload = prop.p === "payload";
    lines.push(prop.p + ": " + injectTypeName(payload ? node.payloadType : prop.vt, payload ? node.payload : prop.v));
  }
  return lines.join("\n");
}

const SWITCH_OPERATORS = { eq: "==", neq: "!=", lt: "<", lte: "<=", gt: ">", gte: ">=", hask: "has key",
  btwn: "is between", cont: "contains", regex: "matches regex", true: "is true", false: "is false", null: "is null",
  nnull: "is not null", istype: "is of type", empty: "is empty", nempty: "is not empty", head: "head",
  index: "index between", tail: "tail", jsonata_exp: "JSONata exp", else: "otherwise" };
const SWITCH_VALUELESS = new Set(["true", "false", "null", "nnull", "empty", "nempty", "else"]);

/** A switch rule's value in its output's label: text quoted, properties with their scope, cut after 15 chars. */
function switchValue(type, value) {
  const clip = (v) => (v.length > 15 ? v.substring(0, 15) + "..." : v);
  if (type === "str") {
    return '"' + clip(value) + '"';
  }
  if (type === "msg") {
    return type + "." + clip(value);
  }
  return type === "flow" || type === "global" ? type + "." + clip(contextKey(value)) : clip(value);
}

/** "== 1", "is between 1 & 5", "otherwise": the rule an output stands for. */
function switchRule(rule) {
  if (!rule) {
    return null;
  }
  const operator = Object.hasOwn(SWITCH_OPERATORS, rule.t) ? SWITCH_OPERATORS[rule.t] : "";
  if (rule.t === "btwn" || rule.t === "index") {
    return operator + " " + switchValue(rule.vt, rule.v) + " & " + switchValue(rule.v2t, rule.v2);
  }
  return SWITCH_VALUELESS.has(rule.t) ? operator : operator + " " + switchValue(rule.vt, rule.v);
}

/** The output range, marked by what happens outside it: [clamped], xdroppedx, >rolled>. */
function rangeOutput(node) {
  const range = node.minout + " - " + node.maxout;
  const marks = { clamp: ["[", "]"], drop: ["x", "x"], roll: [">", ">"] }[node.action] || ["", ""];
  return marks[0] + range + marks[1];
}

const HTTP_RESULTS = { txt: "UTF8 string", bin: "binary buffer", obj: "parsed JSON object" };
const FILE_READS = { utf8: "UTF8 string", lines: "UTF8 strings", stream: "binary buffers" };

/** The types declaring computed port labels, by type name: `input(node, index)`, `output(node, index)`. */
export const computedPortLabels = {
  inject: { output: injectProperties },
  switch: { output: (node, index) => switchRule(node.rules[index]) },
  range: { input: (node) => node.minin + " - " + node.maxin, output: rangeOutput },
  "http request": { output: (node) => HTTP_RESULTS[node.ret] },
  "file in": { output: (node) => FILE_READS[node.format] || "binary buffer" },
  "link in": { output: (node) => node.name || "link in" },
  "link call": { input: (node) => node.name || "link call" },
  "link out": { input: computedLabels["link out"] },
};
