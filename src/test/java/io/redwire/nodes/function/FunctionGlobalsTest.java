package io.redwire.nodes.function;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Date;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What function code can reach: context, env, RED.util, Buffer, Date, console, timers, and what it cannot. */
class FunctionGlobalsTest {
    @BeforeAll
    static void startGraalJs() {
        JsEngine.warmUp();
    }

    /** POSTs body to a single function wired between http in and http response; returns the response body. */
    private static String run(String func, String body) throws Exception {
        String flows = new FunctionFlows().httpIn("in", "/f", "f").function("f", func, "out").httpOut("out").json();
        try (Harness h = new Harness().deploy(flows)) {
            HttpResponse<String> r = h.post("/f", "application/json", body);
            assertEquals(200, r.statusCode(), r.body());
            return r.body();
        }
    }

    private static Object json(String text) throws Exception {
        return Json.parse(text);
    }

    @Test
    void forbiddenGlobalsAreAbsent() throws Exception {
        String names = "['require','process','fetch','crypto','structuredClone','Java','Polyglot','Graal','load',"
                + "'print','quit','module','exports']";
        assertEquals(List.of(), json(run("msg.payload = " + names + ".filter(n => typeof globalThis[n] !== 'undefined');"
                + " return msg;", "{}")));
    }

    @Test
    void msgBehavesLikeAPlainObject() throws Exception {
        String func = """
                const copy = { ...msg, extra: 1 };
                delete msg.gone;
                const items = msg.payload.items.filter(x => x > 1).map(x => x * 10);
                msg.payload.items.push(4);
                msg.payload = {
                  json: JSON.parse(JSON.stringify(msg)).payload.items,
                  spread: Object.keys(copy).includes('extra') && copy.payload === msg.payload,
                  same: msg.payload === msg.payload, gone: 'gone' in msg, items,
                  isArray: Array.isArray(msg.payload.items), entries: Object.entries({a: 1})
                };
                return msg;""";
        assertEquals(json("{\"json\":[1,2,3,4],\"spread\":true,\"same\":true,\"gone\":false,\"items\":[20,30],"
                + "\"isArray\":true,\"entries\":[[\"a\",1]]}"), json(run(func, "{\"items\":[1,2,3]}")));
    }

    @Test
    void objectsKeepTheirIdentityAfterBeingStoredInMsg() throws Exception {
        assertEquals(json("{\"a\":1,\"list\":[1,2]}"),
                json(run("const p = {}; msg.payload = p; p.a = 1; p.list = []; p.list.push(1, 2); return msg;", "{}")));
    }

    @Test
    void contextFlowAndGlobalGetSetKeysAndCallbacks() throws Exception {
        String func = """
                context.set('k', msg.payload.v);
                flow.set(['f1', 'f2'], [1, 2]);
                global.set('g.deep', 'x');
                let viaCallback;
                context.get('k', (err, v) => { viaCallback = v; });
                const obj = flow.get('obj') || {};
                obj.count = (obj.count || 0) + 1;
                flow.set('obj', obj);
                flow.get('obj').touched = true;
                msg.payload = {
                  k: context.get('k'), multi: context.get(['k', 'nope']), missing: context.get('nope') === undefined,
                  keys: context.keys(), flowKeys: flow.keys().sort(), g: global.get('g'), viaCallback,
                  sameFlow: context.flow.get('f2'), sameGlobal: context.global.get('g.deep'),
                  obj: flow.get('obj')
                };
                return msg;""";
        String flows = new FunctionFlows().httpIn("in", "/f", "f").function("f", func, "out").httpOut("out").json();
        try (Harness h = new Harness().deploy(flows)) {
            String first = h.post("/f", "application/json", "{\"v\":5}").body();
            assertEquals(json("{\"k\":5,\"multi\":[5,null],\"missing\":true,\"keys\":[\"k\"],\"flowKeys\":[\"f1\",\"f2\",\"obj\"],"
                    + "\"g\":{\"deep\":\"x\"},\"viaCallback\":5,\"sameFlow\":2,\"sameGlobal\":\"x\","
                    + "\"obj\":{\"count\":1,\"touched\":true}}"), json(first));
            // the memory store keeps references: the object changed through flow.get() is the stored one
            Map<?, ?> second = (Map<?, ?>) json(h.post("/f", "application/json", "{\"v\":6}").body());
            assertEquals(Map.of("count", 2, "touched", true), second.get("obj"));
            assertEquals(Map.of("deep", "x"), h.server().engine().globalContext().get("g"));
        }
    }

    @Test
    void unknownContextStoreWarnsOnceAndUsesTheDefault() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "flow.set('a', 1, 'file'); msg.payload = flow.get('a', 'file'); return msg;", "d")
                .debug("d").json();
        try (Harness h = new Harness().deploy(flows); FunctionFlows.Logs logs = new FunctionFlows.Logs(h)) {
            h.inject("i");
            assertEquals(1, ((Map<?, ?>) h.nextDebug(10).value()).get("payload"));
            assertNotNull(logs.await("Unknown context store 'file' specified. Using default store.", 5));
        }
    }

    @Test
    void envGetReadsTabEnvAndNodeBuiltins() throws Exception {
        String flows = new FunctionFlows().tabEnv("GREETING", "hi").httpIn("in", "/f", "f")
                .function("f", "msg.payload = [env.get('GREETING'), env.get('NR_NODE_ID'), env.get('NOPE') === undefined,"
                        + " node.id, node.outputCount, node.path]; return msg;", "out")
                .httpOut("out").json();
        try (Harness h = new Harness().deploy(flows)) {
            assertEquals(json("[\"hi\",\"f\",true,\"f\",1,\"t1/f\"]"), json(h.post("/f", "application/json", "{}").body()));
        }
    }

    @Test
    void redUtilHelpers() throws Exception {
        String func = """
                const c = RED.util.cloneMessage(msg);
                c.payload.a.b = 99;
                RED.util.setMessageProperty(msg, 'payload.new[1].x', 'y');
                msg.payload = {
                  original: msg.payload.a.b, clone: c.payload.a.b,
                  got: RED.util.getMessageProperty(msg, 'msg.payload.new[1].x'),
                  created: msg.payload.new,
                  id: /^[0-9a-f]{16}$/.test(RED.util.generateId()),
                  num: RED.util.evaluateNodeProperty('42', 'num', node, msg),
                  json: RED.util.evaluateNodeProperty('{"j":[1]}', 'json', node, msg),
                  fromMsg: RED.util.evaluateNodeProperty('payload.a.b', 'msg', node, msg),
                  expr: RED.util.evaluateNodeProperty('payload.a.b * 2', 'jsonata', node, msg),
                  setting: RED.util.getSetting(node, 'x') === undefined
                };
                return msg;""";
        assertEquals(json("{\"original\":1,\"clone\":99,\"got\":\"y\",\"created\":[null,{\"x\":\"y\"}],\"id\":true,"
                + "\"num\":42,\"json\":{\"j\":[1]},\"fromMsg\":1,\"expr\":2,\"setting\":true}"),
                json(run(func, "{\"a\":{\"b\":1}}")));
    }

    @Test
    void bufferBasics() throws Exception {
        String func = """
                const b = Buffer.from('héllo', 'utf8');
                msg.payload = { len: b.length, hex: b.toString('hex'), b64: b.toString('base64'),
                  back: Buffer.from('aGk=', 'base64').toString(), fromHex: Buffer.from('6869', 'hex').toString(),
                  concat: Buffer.concat([Buffer.from('a'), Buffer.from('b')]).toString(),
                  slice: b.slice(0, 1).toString(), isBuf: Buffer.isBuffer(b), notBuf: Buffer.isBuffer([1]),
                  json: JSON.parse(JSON.stringify(Buffer.from('hi'))), u16: Buffer.from([1, 2]).readUInt16BE(0),
                  equals: Buffer.from('x').equals(Buffer.from('x')), idx: b.indexOf('llo'),
                  alloc: Buffer.alloc(3, 'ab').toString(), bytes: Buffer.byteLength('é') };
                return msg;""";
        assertEquals(json("{\"len\":6,\"hex\":\"68c3a96c6c6f\",\"b64\":\"aMOpbGxv\",\"back\":\"hi\",\"fromHex\":\"hi\","
                + "\"concat\":\"ab\",\"slice\":\"h\",\"isBuf\":true,\"notBuf\":false,\"json\":{\"type\":\"Buffer\","
                + "\"data\":[104,105]},\"u16\":258,\"equals\":true,\"idx\":3,\"alloc\":\"aba\",\"bytes\":2}"),
                json(run(func, "{}")));
    }

    @Test
    void buffersAndDatesCrossBetweenFunctionsAsBytesAndDates() throws Exception {
        String flows = new FunctionFlows().inject("i", "a")
                .function("a", "msg.payload = Buffer.from([0, 1, 255]); msg.when = new Date(86400000); return msg;", "b")
                .function("b", "msg.info = [Buffer.isBuffer(msg.payload), msg.payload.toString('hex'),"
                        + " msg.when instanceof Date, msg.when.toISOString()]; return msg;", "d")
                .debug("d").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i");
            DebugEvent e = h.nextDebug(10);
            Map<?, ?> m = (Map<?, ?>) e.value();
            assertArrayEquals(new byte[]{0, 1, (byte) 255}, (byte[]) m.get("payload"));
            assertEquals(new Date(86400000), m.get("when"));
            assertEquals(List.of(true, "0001ff", true, "1970-01-02T00:00:00.000Z"), m.get("info"));
        }
    }

    @Test
    void bufferPayloadIsSentAsRawBytes() throws Exception {
        String flows = new FunctionFlows().httpIn("in", "/f", "f")
                .function("f", "msg.payload = Buffer.from([0, 1, 2, 255]); return msg;", "out").httpOut("out").json();
        try (Harness h = new Harness().deploy(flows)) {
            HttpResponse<byte[]> r = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(h.url("/f")))
                            .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}"))
                            .header("content-type", "application/json").build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals("application/octet-stream", r.headers().firstValue("content-type").orElse(""));
            assertArrayEquals(new byte[]{0, 1, 2, (byte) 255}, r.body());
        }
    }

    @Test
    void consoleAndNodeLoggingGoToTheNodeLog() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "console.warn('careful', {a: 1}, 2); console.error('bad %s', 'thing'); return null;", "")
                .json();
        try (Harness h = new Harness().deploy(flows); FunctionFlows.Logs logs = new FunctionFlows.Logs(h)) {
            h.inject("i");
            assertNotNull(logs.await("careful {\"a\":1} 2", 10));
            assertNotNull(logs.await("bad thing", 5));
        }
    }

    @Test
    void timersRunOnTheFlowAndCanBeCleared() throws Exception {
        String func = """
                const cancelled = setTimeout(() => node.send({payload: 'never'}), 10);
                clearTimeout(cancelled);
                let n = 0;
                const every = setInterval(() => {
                  n++;
                  if (n === 3) { clearInterval(every); node.send({payload: 'ticks:' + n}); }
                }, 5);
                setTimeout((a, b) => node.send({payload: a + b}), 30, 'x', 'y');
                return null;""";
        String flows = new FunctionFlows().inject("i", "f").function("f", func, "d").debug("d").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i");
            List<Object> got = new java.util.ArrayList<>();
            got.add(((Map<?, ?>) h.nextDebug(10).value()).get("payload"));
            got.add(((Map<?, ?>) h.nextDebug(5).value()).get("payload"));
            assertTrue(got.containsAll(List.of("ticks:3", "xy")), got.toString());
            assertEquals(null, h.nextDebug(0.3));
        }
    }

    @Test
    void errorsThrownInTimersGoToCatchNodesWithAnEmptyMsg() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "setTimeout(() => { throw new Error('late'); }, 5); return null;", "")
                .catcher("c", "f", "d").debug("d").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i");
            Map<?, ?> m = (Map<?, ?>) h.nextDebug(10).value();
            assertEquals("Error: late", ((Map<?, ?>) m.get("error")).get("message"));
            assertEquals(null, m.get("payload"));
        }
    }
}
