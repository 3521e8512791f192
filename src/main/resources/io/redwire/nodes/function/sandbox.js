// The function node's sandbox, evaluated once per GraalJS context. It installs the globals Node-RED gives a
// function (Buffer, console, util, timers, context, env, RED.util) and returns the entry points the Java side
// calls. `host` is the Java bridge (FunctionHost); nothing of it is reachable from user code.
(function (bridge) {
    'use strict';
    const G = globalThis;
    delete G.Graal;
    // a plain object holding the bridge's functions: one host call per use instead of two
    const host = {};
    for (const name of Object.keys(bridge)) {
        host[name] = bridge[name];
    }

    // host functions that can fail on bad input answer [error, value]
    function checked(result) {
        if (result[0] !== null) {
            throw new Error(result[0]);
        }
        return result[1];
    }

    // ---- errors -------------------------------------------------------------------------------------------

    // V8 (Node-RED) reports a failing reference at the start of a return/throw/await/if/switch expression;
    // GraalJS points at the identifier itself. Moving the column keeps the recorded "(line L, col C)" text.
    const LEADING_KEYWORDS = /^(?:(?:return|throw|await)\s+|(?:if|switch)\s*\(\s*)+$/;
    const FRAME = /:(\d+):(\d+)\)?$/;

    function referencePosition(err, source) {
        const frames = String(err.stack).split('\n');
        for (let i = 1; i < frames.length; i++) {
            if (frames[i].indexOf(source.name) < 0) {
                continue;
            }
            const m = FRAME.exec(frames[i]);
            if (!m) {
                return '';
            }
            const line = Number(m[1]) - 1;
            let col = Number(m[2]);
            const text = source.lines[line - 1];
            if (text !== undefined) {
                const start = text.search(/\S/) + 1;
                const before = text.substring(start - 1, col - 1);
                if (LEADING_KEYWORDS.test(before)) {
                    col = start;
                } else {
                    const awaitAt = before.search(/await\s+$/);
                    if (awaitAt >= 0) {
                        col = start + awaitAt;
                    }
                }
            }
            return ' (line ' + line + ', col ' + col + ')';
        }
        return '';
    }

    // GraalJS words a few common TypeErrors differently from V8; user-visible texts follow V8.
    function v8Message(err) {
        if (err instanceof TypeError) {
            const m = /^Cannot (read|set) property '(.*)' of (null|undefined)$/.exec(err.message);
            if (m) {
                const verb = m[1] === 'read' ? 'reading' : 'setting';
                err.message = 'Cannot ' + m[1] + ' properties of ' + m[3] + ' (' + verb + " '" + m[2] + "')";
            }
        }
    }

    function isErrorObject(e) {
        return e !== null && typeof e === 'object' && (e instanceof Error || Object.prototype.hasOwnProperty.call(e, 'stack'));
    }

    // The report for done(err)/node.error(err): {text: String(err), code, stack, cause, error: the Error itself}.
    function report(e) {
        if (isErrorObject(e)) {
            v8Message(e);
            const r = { text: String(e), error: e };
            if (e.code !== undefined) r.code = String(e.code);
            if (typeof e.stack === 'string') r.stack = e.stack;
            if (e.cause !== undefined) r.cause = e.cause;
            return r;
        }
        return { text: String(e) };
    }

    // Node-RED's handling of a rejected body: Error objects are stored in msg.error (ReferenceErrors get their
    // position appended to the message), strings stay as they are, anything else becomes its JSON text.
    function rejection(e, msg, source) {
        if (e !== null && typeof e === 'object' && Object.prototype.hasOwnProperty.call(e, 'stack')) {
            if (e instanceof ReferenceError) {
                e.message = 'ReferenceError: ' + e.message + referencePosition(e, source);
            }
            msg.error = e;
            return report(e);
        }
        if (typeof e === 'string') {
            return { text: e };
        }
        let json;
        try {
            json = JSON.stringify(e);
        } catch (notJson) {
            json = String(e); // BigInt, cycles
        }
        return json === undefined ? null : { text: json }; // `throw undefined` completes the msg, as in Node-RED
    }

    const STANDARD_ERRORS = { Error, TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError };

    // ---- Buffer ---------------------------------------------------------------------------------------------

    const ENCODINGS = ['utf8', 'utf-8', 'hex', 'base64', 'base64url', 'ascii', 'latin1', 'binary', 'ucs2', 'ucs-2',
        'utf16le', 'utf-16le'];

    function encoding(enc) {
        if (enc === undefined || enc === null) {
            return 'utf8';
        }
        const e = String(enc).toLowerCase();
        if (ENCODINGS.indexOf(e) < 0) {
            throw new TypeError('Unknown encoding: ' + enc);
        }
        return e;
    }

    // A Buffer over bytes held by Java (a msg's byte[], an encoder's output): a view, not a copy.
    function fromHost(hostBuffer) {
        return new Buffer(new ArrayBuffer(hostBuffer));
    }

    class Buffer extends Uint8Array {
        static from(value, encOrOffset, length) {
            if (typeof value === 'string') {
                return fromHost(host.encode(value, encoding(encOrOffset)));
            }
            if (value instanceof ArrayBuffer) {
                const offset = encOrOffset === undefined ? 0 : Number(encOrOffset);
                return new Buffer(value, offset, length === undefined ? value.byteLength - offset : length);
            }
            if (ArrayBuffer.isView(value) || Array.isArray(value)) {
                const b = new Buffer(value.length);
                b.set(value);
                return b;
            }
            if (value !== null && typeof value === 'object') {
                if (value.type === 'Buffer' && Array.isArray(value.data)) {
                    return Buffer.from(value.data);
                }
                if (typeof value.length === 'number') {
                    return Buffer.from(Array.prototype.slice.call(value));
                }
            }
            throw new TypeError('The first argument must be of type string or an instance of Buffer, ArrayBuffer, '
                + 'or Array or an Array-like Object. Received ' + (value === null ? 'null' : typeof value));
        }

        static alloc(size, fill, enc) {
            const b = new Buffer(size);
            if (fill !== undefined && fill !== 0) {
                b.fill(fill, 0, b.length, enc);
            }
            return b;
        }

        static allocUnsafe(size) {
            return new Buffer(size);
        }

        static isBuffer(b) {
            return b instanceof Buffer;
        }

        static isEncoding(enc) {
            return typeof enc === 'string' && ENCODINGS.indexOf(enc.toLowerCase()) >= 0;
        }

        static byteLength(value, enc) {
            if (typeof value === 'string') {
                return host.byteLength(value, encoding(enc));
            }
            return value.byteLength;
        }

        static concat(list, totalLength) {
            const total = totalLength === undefined ? list.reduce((n, b) => n + b.length, 0) : totalLength;
            const out = Buffer.alloc(total);
            let pos = 0;
            for (const b of list) {
                if (pos >= total) {
                    break;
                }
                const part = b.length > total - pos ? b.subarray(0, total - pos) : b;
                out.set(part, pos);
                pos += part.length;
            }
            return out;
        }

        static compare(a, b) {
            const n = Math.min(a.length, b.length);
            for (let i = 0; i < n; i++) {
                if (a[i] !== b[i]) {
                    return a[i] < b[i] ? -1 : 1;
                }
            }
            return a.length === b.length ? 0 : (a.length < b.length ? -1 : 1);
        }

        toString(enc, start, end) {
            const s = start === undefined ? 0 : Math.max(0, start | 0);
            const e = end === undefined ? this.length : Math.min(this.length, end | 0);
            if (e <= s) {
                return '';
            }
            return host.decode(this, encoding(enc), s, e);
        }

        toJSON() {
            return { type: 'Buffer', data: Array.from(this) };
        }

        equals(other) {
            return Buffer.compare(this, other) === 0;
        }

        compare(other) {
            return Buffer.compare(this, other);
        }

        slice(start, end) {
            return this.subarray(start, end);
        }

        fill(value, offset, end, enc) {
            if (typeof offset === 'string') {
                enc = offset;
                offset = 0;
                end = this.length;
            }
            if (typeof value === 'string') {
                const pattern = Buffer.from(value, enc);
                const from = offset === undefined ? 0 : offset;
                const to = end === undefined ? this.length : end;
                for (let i = from, j = 0; i < to && pattern.length > 0; i++, j = (j + 1) % pattern.length) {
                    this[i] = pattern[j];
                }
                return this;
            }
            return super.fill(value, offset, end);
        }

        write(string, offset, length, enc) {
            if (typeof offset === 'string') {
                enc = offset;
                offset = 0;
            } else if (typeof length === 'string') {
                enc = length;
                length = undefined;
            }
            const at = offset === undefined ? 0 : offset;
            const bytes = Buffer.from(string, enc);
            const n = Math.min(bytes.length, this.length - at, length === undefined ? Infinity : length);
            this.set(bytes.subarray(0, n), at);
            return n;
        }

        copy(target, targetStart, sourceStart, sourceEnd) {
            const ts = targetStart || 0;
            const part = this.subarray(sourceStart || 0, sourceEnd === undefined ? this.length : sourceEnd);
            const n = Math.min(part.length, target.length - ts);
            target.set(part.subarray(0, n), ts);
            return n;
        }

        indexOf(value, byteOffset, enc) {
            if (typeof value === 'number') {
                return super.indexOf(value & 255, byteOffset);
            }
            const needle = typeof value === 'string' ? Buffer.from(value, enc) : value;
            const from = byteOffset === undefined ? 0 : (byteOffset < 0 ? Math.max(0, this.length + byteOffset) : byteOffset);
            outer:
            for (let i = from; i <= this.length - needle.length; i++) {
                for (let j = 0; j < needle.length; j++) {
                    if (this[i + j] !== needle[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            return -1;
        }

        includes(value, byteOffset, enc) {
            return this.indexOf(value, byteOffset, enc) !== -1;
        }

        toLocaleString(enc, start, end) {
            return this.toString(enc, start, end);
        }
    }

    // readUInt8/readInt16LE/writeFloatBE/...: thin DataView wrappers.
    const NUMERIC = [['UInt8', 'Uint8', 1], ['Int8', 'Int8', 1], ['UInt16', 'Uint16', 2], ['Int16', 'Int16', 2],
        ['UInt32', 'Uint32', 4], ['Int32', 'Int32', 4], ['Float', 'Float32', 4], ['Double', 'Float64', 8],
        ['BigUInt64', 'BigUint64', 8], ['BigInt64', 'BigInt64', 8]];
    for (const [name, view, size] of NUMERIC) {
        const ends = size === 1 ? [['', false]] : [['LE', true], ['BE', false]];
        for (const [suffix, little] of ends) {
            const dv = (b) => new DataView(b.buffer, b.byteOffset, b.byteLength);
            const check = (b, offset) => {
                if (offset < 0 || offset + size > b.length) {
                    throw new RangeError('The value of "offset" is out of range. It must be >= 0 and <= '
                        + (b.length - size) + '. Received ' + offset);
                }
            };
            Object.defineProperty(Buffer.prototype, 'read' + name + suffix, {
                value: function (offset = 0) {
                    check(this, offset);
                    return dv(this)['get' + view](offset, little);
                }, writable: true, configurable: true
            });
            Object.defineProperty(Buffer.prototype, 'write' + name + suffix, {
                value: function (value, offset = 0) {
                    check(this, offset);
                    dv(this)['set' + view](offset, value, little);
                    return offset + size;
                }, writable: true, configurable: true
            });
            if (name.startsWith('UInt')) {
                Buffer.prototype['readUint' + name.substring(4) + suffix] = Buffer.prototype['read' + name + suffix];
                Buffer.prototype['writeUint' + name.substring(4) + suffix] = Buffer.prototype['write' + name + suffix];
            }
        }
    }

    // ---- formatting: console, util ---------------------------------------------------------------------------

    function inspect(v) {
        if (typeof v === 'string') {
            return "'" + v + "'";
        }
        if (typeof v === 'function') {
            return '[Function' + (v.name ? ': ' + v.name : ' (anonymous)') + ']';
        }
        if (v instanceof Error) {
            return v.stack || String(v);
        }
        if (v !== null && typeof v === 'object') {
            try {
                return JSON.stringify(v);
            } catch (e) {
                return String(v);
            }
        }
        return String(v);
    }

    function format(...args) {
        let first = args.length > 0 && typeof args[0] === 'string' ? args.shift() : null;
        const parts = [];
        if (first !== null) {
            first = first.replace(/%([sdifjoO%])/g, (all, f) => {
                if (f === '%') return '%';
                if (args.length === 0) return all;
                const a = args.shift();
                switch (f) {
                    case 's': return typeof a === 'string' ? a : (typeof a === 'object' && a !== null ? inspect(a) : String(a));
                    case 'd': return String(Number(a));
                    case 'i': return String(parseInt(a));
                    case 'f': return String(parseFloat(a));
                    case 'j': return JSON.stringify(a);
                    default: return inspect(a);
                }
            });
            parts.push(first);
        }
        for (const a of args) {
            parts.push(typeof a === 'string' ? a : inspect(a));
        }
        return parts.join(' ');
    }

    const CUSTOM_PROMISIFY = Symbol.for('nodejs.util.promisify.custom');

    function promisify(fn) {
        if (typeof fn !== 'function') {
            throw new TypeError('The "original" argument must be of type function');
        }
        if (fn[CUSTOM_PROMISIFY]) {
            return fn[CUSTOM_PROMISIFY];
        }
        return function (...args) {
            return new Promise((resolve, reject) => {
                fn.call(this, ...args, (err, ...values) => err ? reject(err) : resolve(values.length > 1 ? values : values[0]));
            });
        };
    }
    promisify.custom = CUSTOM_PROMISIFY;

    // ---- timers: kept here, run in batches when the host's one timer for this node wakes (on the flow loop) ---------
    // One host timer per node instead of one per timer: a node with thousands of 1 ms intervals costs one wake-up
    // per batch, and their number is bounded (settings.functionMaxTimers).

    const timers = new Map();
    let nextTimerId = 1;
    let wakeAt = Infinity;

    function delayOf(ms) {
        const d = Number(ms);
        return d >= 1 && d <= 2147483647 ? Math.floor(d) : 1;
    }

    function wakeBy(due) {
        if (due < wakeAt) {
            wakeAt = due;
            host.wakeTimers(Math.max(1, due - Date.now()));
        }
    }

    function addTimer(fn, delay, args, repeat) {
        if (typeof fn !== 'function') {
            throw new TypeError('The "callback" argument must be of type function. Received ' + typeof fn);
        }
        if (timers.size >= info.maxTimers) {
            throw new RangeError('Too many timers: this function node already has ' + info.maxTimers
                + ' pending (settings.functionMaxTimers)');
        }
        const id = nextTimerId++;
        const d = delayOf(delay);
        const t = { id, fn, args, repeat, delay: d, due: Date.now() + d };
        timers.set(id, t);
        wakeBy(t.due);
        return id;
    }

    function clearTimer(id) {
        timers.delete(id); // the host's wake-up may then find nothing due
    }

    /** Runs the due timers in Node.js's order (due time, then creation), then asks for the next wake-up. */
    function runTimers() {
        wakeAt = Infinity;
        const now = Date.now();
        const due = [];
        for (const t of timers.values()) {
            if (t.due <= now) {
                due.push(t);
            }
        }
        due.sort((a, b) => a.due - b.due || a.id - b.id);
        for (const t of due) {
            if (timers.get(t.id) !== t) {
                continue; // cleared by an earlier callback of this batch
            }
            if (t.repeat) {
                t.due = now + t.delay;
            } else {
                timers.delete(t.id);
            }
            try {
                t.fn.apply(undefined, t.args);
            } catch (e) {
                host.error(report(e), {});
            }
        }
        let next = Infinity;
        for (const t of timers.values()) {
            next = Math.min(next, t.due);
        }
        wakeBy(next);
    }

    // ---- promises settled by the host: cluster-wide counters, link calls -----------------------------------------

    const pendingHostCalls = new Map();

    function hostCall(start) {
        return new Promise((resolve, reject) => {
            const id = nextTimerId++;
            pendingHostCalls.set(id, { resolve, reject });
            const refused = start(id);
            if (refused !== null && refused !== undefined) {
                pendingHostCalls.delete(id);
                reject(new Error(refused));
            }
        });
    }

    function counter(name, delta) {
        return hostCall((id) => host.counter(id, String(name), Math.trunc(Number(delta)) || 0));
    }

    // Node-RED 5's node.linkcall(target, msg, {timeout = 5000 ms, clone = true}): resolves to the msg the called
    // flow's return-mode link out sends back; rejects on bad arguments, an unknown target and the timeout. Like
    // Node-RED, it writes the defaults it used into the options object.
    async function linkcall(target, msg, options) {
        if (typeof target !== 'string' || target.trim() === '') {
            throw new Error('Error link call target parameter is not valid, expected a string');
        }
        if (typeof msg !== 'object' || msg === null) {
            throw new Error('Error link call msg parameter is not valid, expected an object');
        }
        const opts = options !== null && typeof options === 'object' ? options : {};
        opts.timeout = opts.timeout || 5000;
        opts.clone = opts.clone !== false;
        return hostCall((id) => host.linkcall(id, target, msg, delayOf(opts.timeout), opts.clone));
    }

    const cluster = Object.freeze({
        increment: (name, delta = 1) => counter(name, delta),
        counter: (name) => counter(name, 0)
    });

    const setTimeout = (fn, delay, ...args) => addTimer(fn, delay, args, false);
    setTimeout[CUSTOM_PROMISIFY] = (delay, value) => new Promise((resolve) => setTimeout(() => resolve(value), delay));

    // ---- context, env -----------------------------------------------------------------------------------------

    function contextOf(scope) {
        return {
            get(key, store, cb) {
                if (typeof store === 'function') {
                    cb = store;
                    store = undefined;
                }
                const value = Array.isArray(key) ? key.map(k => checked(host.contextGet(scope, k, store)))
                    : checked(host.contextGet(scope, key, store));
                if (typeof cb === 'function') {
                    if (Array.isArray(key)) {
                        cb(null, ...value);
                    } else {
                        cb(null, value);
                    }
                    return undefined;
                }
                return value;
            },
            set(key, value, store, cb) {
                if (typeof store === 'function') {
                    cb = store;
                    store = undefined;
                }
                if (Array.isArray(key)) {
                    const values = Array.isArray(value) ? value : [];
                    key.forEach((k, i) => checked(host.contextSet(scope, k, values[i], store)));
                } else {
                    checked(host.contextSet(scope, key, value, store));
                }
                if (typeof cb === 'function') {
                    cb(null);
                }
            },
            keys(store, cb) {
                if (typeof store === 'function') {
                    cb = store;
                    store = undefined;
                }
                const keys = checked(host.contextKeys(scope, store));
                if (typeof cb === 'function') {
                    cb(null, keys);
                    return undefined;
                }
                return keys;
            }
        };
    }

    const flowContext = contextOf('flow');
    const globalContext = contextOf('global');
    const nodeContext = contextOf('node');
    Object.defineProperty(nodeContext, 'flow', { get: () => flowContext, enumerable: false });
    Object.defineProperty(nodeContext, 'global', { get: () => globalContext, enumerable: false });

    // ---- RED.util ---------------------------------------------------------------------------------------------

    // Node-RED property expressions: a.b, a["b"], a['b'], a[0], a[msg.topic].
    function pathParts(expr, msg) {
        const parts = [];
        const s = String(expr);
        let i = 0;
        let token = '';
        const invalid = () => new Error('Invalid property expression: unexpected ' + s[i] + ' at position ' + i);
        while (i < s.length) {
            const c = s[i];
            if (c === '.') {
                if (token === '' && (parts.length === 0 || s[i - 1] !== ']')) throw invalid();
                if (token !== '') parts.push(token);
                token = '';
                i++;
            } else if (c === '[') {
                if (token !== '') parts.push(token);
                else if (i === 0) throw invalid();
                token = '';
                i++;
                const q = s[i];
                if (q === '"' || q === "'") {
                    const close = s.indexOf(q + ']', i + 1);
                    if (close < 0) throw invalid();
                    parts.push(s.substring(i + 1, close));
                    i = close + 2;
                } else {
                    const close = s.indexOf(']', i);
                    if (close < 0) throw invalid();
                    const inner = s.substring(i, close).trim();
                    if (/^\d+$/.test(inner)) {
                        parts.push(Number(inner));
                    } else {
                        if (msg === undefined) throw invalid();
                        const ref = getMessageProperty(msg, inner);
                        if (ref === undefined) {
                            throw new Error('Invalid expression: undefined reference at position ' + i + ' : ' + inner);
                        }
                        parts.push(ref);
                    }
                    i = close + 1;
                }
            } else {
                token += c;
                i++;
            }
        }
        if (token !== '') parts.push(token);
        if (parts.length === 0) throw new Error('Invalid property expression: zero-length');
        return parts;
    }

    function getObjectProperty(obj, expr) {
        return pathParts(expr, obj).reduce((o, key) => (typeof o[key] !== 'undefined' ? o[key] : undefined), obj);
    }

    function getMessageProperty(msg, expr) {
        const e = String(expr);
        return getObjectProperty(msg, e.indexOf('msg.') === 0 ? e.substring(4) : e);
    }

    function setObjectProperty(obj, expr, value, createMissing) {
        if (createMissing === undefined) {
            createMissing = value !== undefined;
        }
        const parts = pathParts(expr, obj);
        let o = obj;
        for (let i = 0; i < parts.length - 1; i++) {
            const key = parts[i];
            if (typeof key === 'string' || typeof key === 'number') {
                if (o[key] === undefined || o[key] === null) {
                    if (!createMissing) return;
                    o[key] = typeof parts[i + 1] === 'number' ? [] : {};
                } else if (typeof o[key] !== 'object' && typeof o[key] !== 'function') {
                    return;
                }
                o = o[key];
            }
        }
        const last = parts[parts.length - 1];
        if (value === undefined) {
            if (Array.isArray(o) && typeof last === 'number') o.splice(last, 1);
            else delete o[last];
        } else if (createMissing || Object.prototype.hasOwnProperty.call(o, last) || last in o) {
            o[last] = value;
        }
    }

    function setMessageProperty(msg, expr, value, createMissing) {
        const e = String(expr);
        setObjectProperty(msg, e.indexOf('msg.') === 0 ? e.substring(4) : e, value, createMissing);
    }

    // lodash-like deep copy: Buffers and Dates copied, functions kept, msg.req/msg.res shared.
    function cloneMessage(msg) {
        const seen = new Map();
        const copy = (v) => {
            if (v === null || typeof v !== 'object') return v;
            if (seen.has(v)) return seen.get(v);
            let out;
            if (v instanceof Buffer) out = Buffer.from(v);
            else if (v instanceof Date) out = new Date(v.getTime());
            else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
            else if (Array.isArray(v)) {
                out = [];
                seen.set(v, out);
                v.forEach((x, i) => { out[i] = copy(x); });
                return out;
            } else {
                out = {};
                seen.set(v, out);
                for (const k of Object.keys(v)) out[k] = copy(v[k]);
                return out;
            }
            seen.set(v, out);
            return out;
        };
        if (msg === null || typeof msg !== 'object') return msg;
        const out = {};
        seen.set(msg, out);
        for (const k of Object.keys(msg)) {
            out[k] = (k === 'req' || k === 'res') ? msg[k] : copy(msg[k]);
        }
        return out;
    }

    function evaluateNodeProperty(value, type, node, msg, callback) {
        let result;
        let error = null;
        try {
            if (type === 'msg') {
                result = getMessageProperty(msg, value);
            } else if (type === 'flow' || type === 'global') {
                result = (type === 'flow' ? flowContext : globalContext).get(value);
            } else if (type === 'bool') {
                result = /^true$/i.test(value);
            } else if (type === 'num') {
                result = Number(value);
            } else if (type === 're') {
                result = new RegExp(value);
            } else {
                result = checked(host.evaluate(String(value), String(type), msg));
            }
        } catch (e) {
            error = e;
        }
        if (typeof callback === 'function') {
            callback(error, result);
            return undefined;
        }
        if (error) throw error;
        return result;
    }

    const RED = Object.freeze({
        util: Object.freeze({
            cloneMessage,
            getMessageProperty,
            setMessageProperty,
            getObjectProperty,
            setObjectProperty,
            normalisePropertyExpression: (expr, msg) => pathParts(expr, msg),
            generateId: () => host.newId(),
            evaluateNodeProperty,
            ensureString: (v) => typeof v === 'string' ? v : (Buffer.isBuffer(v) ? v.toString()
                : (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))),
            ensureBuffer: (v) => Buffer.isBuffer(v) ? v : Buffer.from(typeof v === 'string' ? v
                : (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))),
            getSetting: () => undefined
        })
    });

    // ---- the node object --------------------------------------------------------------------------------------

    const closeHandlers = [];
    const info = host.info();

    const nodeBase = {
        id: info.id,
        name: info.name,
        path: info.path,
        outputCount: info.outputCount,
        log(m) { host.log('info', m); },
        warn(m) { host.log('warn', m); },
        error(err, msg) { host.error(report(err), msg); },
        debug(m) { host.log('debug', m); },
        trace(m) { host.log('trace', m); },
        status(s) { host.status(s); },
        linkcall,
        on(event, fn) {
            if (event === 'input') {
                throw new Error("Cannot add listener to 'input' event within Function");
            }
            if (event === 'close' && typeof fn === 'function') {
                closeHandlers.push(fn);
            }
        }
    };

    // Node-RED's sendResults: one msg, an array per output, or arrays of msgs per output. Non-objects in a slot
    // are reported; Java clones the first msg (unless told not to) and stamps the _msgid.
    function sendResults(call, msgs, cloneFirst) {
        if (msgs === null || msgs === undefined) {
            return;
        }
        if (!Array.isArray(msgs)) {
            msgs = [msgs];
        }
        let count = 0;
        for (let m = 0; m < msgs.length; m++) {
            if (msgs[m]) {
                if (!Array.isArray(msgs[m])) {
                    msgs[m] = [msgs[m]];
                }
                for (let n = 0; n < msgs[m].length; n++) {
                    const msg = msgs[m][n];
                    if (msg !== null && msg !== undefined) {
                        if (typeof msg === 'object' && !Buffer.isBuffer(msg) && !Array.isArray(msg)) {
                            count++;
                        } else {
                            let type = typeof msg;
                            if (type === 'object') {
                                type = Buffer.isBuffer(msg) ? 'Buffer' : (Array.isArray(msg) ? 'Array' : 'Date');
                            }
                            host.nonMessage(type); // still passed on: the runtime's send reports it too
                        }
                    }
                }
            }
        }
        if (count > 0) {
            const refused = host.send(call, msgs, cloneFirst !== false);
            if (refused !== null) {
                throw new Error(refused);
            }
        }
    }

    // A resolved body: returned msgs are sent as they are (never cloned), then the call is settled. The
    // common outcomes (the input msg, nothing) take one host call.
    function finish(call, msg, result) {
        if (result === msg) {
            host.returnedInput(call);
        } else if (result === undefined || result === null) {
            host.settled(call, null);
        } else if (typeof result === 'object' && !Array.isArray(result) && !(result instanceof Buffer)) {
            host.returned(call, result);
        } else {
            sendResults(call, result, false);
            host.settled(call, null);
        }
    }

    // ---- globals ----------------------------------------------------------------------------------------------

    const console = {};
    for (const [method, level] of [['log', 'info'], ['info', 'info'], ['warn', 'warn'], ['error', 'error'],
        ['debug', 'debug'], ['trace', 'trace']]) {
        console[method] = (...args) => host.log(level, format(...args));
    }

    const globals = {
        Buffer, console, RED, promisify,
        util: Object.freeze({ format, inspect, promisify, isArray: Array.isArray }),
        context: nodeContext, flow: flowContext, global: globalContext, cluster,
        env: Object.freeze({ get: (name) => host.env(String(name)) }),
        setTimeout, clearTimeout: clearTimer,
        setInterval: (fn, delay, ...args) => addTimer(fn, delay, args, true), clearInterval: clearTimer
    };
    for (const name of Object.keys(globals)) {
        Object.defineProperty(G, name, { value: globals[name], writable: true, configurable: true, enumerable: false });
    }
    for (const name of info.libs) {
        if (!(name in G)) {
            G[name] = undefined;
        }
    }

    // ---- entry points called by Java ----------------------------------------------------------------------------

    return {
        // Runs the body for one msg; the outcome goes to host.returned/settled. Bodies without `await` are
        // compiled as plain functions (no promise round trip); a returned Promise is still awaited.
        invoke(body, msg, call, source) {
            const node = Object.create(nodeBase);
            node.send = (msgs, clone) => sendResults(call, msgs, clone);
            node.done = (err) => host.done(call, err === undefined || err === null ? null : report(err));
            let result;
            try {
                result = body(msg, node);
            } catch (e) {
                host.settled(call, rejection(e, msg, source));
                return;
            }
            if (result === msg || result === undefined || result === null || !(result instanceof Promise)) {
                finish(call, msg, result);
            } else {
                result.then((r) => finish(call, msg, r), (e) => host.settled(call, rejection(e, msg, source)));
            }
        },
        initialize(fn) {
            const node = Object.create(nodeBase);
            node.send = (msgs, clone) => sendResults(null, msgs, clone);
            fn(node).then(() => host.initialized(null), (e) => host.initialized(report(e)));
        },
        finalize(fn) {
            const node = Object.create(nodeBase);
            node.send = () => host.error({ text: 'Cannot send from close function' }, undefined);
            try {
                fn(node);
            } catch (e) {
                host.error(report(e), undefined);
            }
        },
        settle(id, value, error) {
            const p = pendingHostCalls.get(id);
            if (p) {
                pendingHostCalls.delete(id);
                if (error === null || error === undefined) {
                    p.resolve(value);
                } else {
                    p.reject(new Error(error));
                }
            }
        },
        runTimers,
        // node.on('close') handlers, after the timers are gone; those declaring a done parameter finish when
        // they call it. host.closed() follows once all have finished.
        close(removed) {
            timers.clear(); // the host has cancelled its wake-up
            const pending = [];
            for (const fn of closeHandlers.splice(0)) {
                try {
                    if (fn.length >= 2) {
                        pending.push(new Promise((resolve) => fn(removed, () => resolve())));
                    } else if (fn.length === 1) {
                        pending.push(new Promise((resolve) => fn(() => resolve())));
                    } else {
                        fn();
                    }
                } catch (e) {
                    host.error(report(e), undefined);
                }
            }
            Promise.all(pending).then(() => host.closed());
        },
        // what error reports need to know about a compiled piece of code
        sourceInfo(name, code) {
            return { name, lines: code.split('\n') };
        },
        // constructors for message values coming from Java (large plain JSON comes as text to parse)
        helpers: {
            object: () => ({}),
            array: () => [],
            date: (ms) => new Date(ms),
            buffer: fromHost,
            regexp: (source) => new RegExp(source),
            parse: (text) => JSON.parse(text),
            undefined: undefined,
            // an Error held by a msg, made again: its class where standard, its name, stack and cause as they were
            error: (name, message, stack, cause, props) => {
                const Type = STANDARD_ERRORS[name] || Error;
                const e = new Type(message);
                const own = (key, value) => Object.defineProperty(e, key, { value, writable: true, configurable: true });
                if (e.name !== name) own('name', name);
                if (stack !== null) own('stack', stack);
                if (cause !== undefined) own('cause', cause);
                return Object.assign(e, props);
            },
            // what Node-RED's sidebar shows of an Error: name, message (its text when it has none of its own),
            // stack, code, cause
            errorParts: (e) => [String(e.name), Object.prototype.hasOwnProperty.call(e, 'message') ? String(e.message)
                : String(e), typeof e.stack === 'string' ? e.stack : null, e.code, e.cause]
        }
    };
})
