// ConnectInteropTest's client: @connectrpc/connect-node over each transport against one grpc-server, with a
// registry built from protoc's descriptor set (no generated code). Prints one JSON object of results.
//   node client.cjs CONNECT_DIR BASE_URL DESCRIPTOR_SET
const { createRequire } = require("node:module");
const fs = require("node:fs");
const [dir, baseUrl, descriptorSet] = process.argv.slice(2);
const load = createRequire(dir + "/package.json");
const { createFileRegistry, fromBinary, toJson } = load("@bufbuild/protobuf");
const { FileDescriptorSetSchema } = load("@bufbuild/protobuf/wkt");
const { createClient, ConnectError, Code } = load("@connectrpc/connect");
const { createConnectTransport, createGrpcTransport, createGrpcWebTransport } = load("@connectrpc/connect-node");

const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, fs.readFileSync(descriptorSet)));
const service = registry.getService("shop.v1.ItemService");
const Item = registry.getMessage("shop.v1.Item");
const json = (m) => toJson(Item, m, { registry });

const transports = {
  "connect-json-http1.1": createConnectTransport({ baseUrl, httpVersion: "1.1" }),
  "connect-binary-http2": createConnectTransport({ baseUrl, httpVersion: "2", useBinaryFormat: true }),
  "connect-get-json-http1.1": createConnectTransport({ baseUrl, httpVersion: "1.1", useHttpGet: true }),
  "grpc-web-binary-http1.1": createGrpcWebTransport({ baseUrl, httpVersion: "1.1", useBinaryFormat: true }),
  "grpc-web-binary-http2": createGrpcWebTransport({ baseUrl, httpVersion: "2", useBinaryFormat: true }),
  "grpc-http2": createGrpcTransport({ baseUrl, httpVersion: "2" }),
};

async function failure(promise) {
  try {
    await promise;
    return null;
  } catch (e) {
    const c = ConnectError.from(e);
    return { code: Code[c.code], message: c.rawMessage };
  }
}

async function collect(stream) {
  const out = [];
  for await (const m of stream) {
    out.push(json(m));
  }
  return out;
}

(async () => {
  const results = {};
  for (const [name, transport] of Object.entries(transports)) {
    const client = createClient(service, transport);
    results[name] = {
      unary: json(await client.getItem({ id: 42n }, { headers: { "x-trace": "t-1" } })),
      stream: await collect(client.listItems({ count: 3 })),
      emptyStream: await collect(client.listItems({ count: 0 })),
      notFound: await failure(client.getItem({ id: 404n })),
      streamError: await failure(collect(client.listItems({ count: -1 }))),
      unserved: await failure(client.deleteItem({ id: 1n })),
      // the client's own timer and the server's (from the timeout header) both end it: only the code is certain
      deadline: (await failure(client.hang({ id: 1n }, { timeoutMs: 300 }))).code,
    };
  }
  process.stdout.write(JSON.stringify(results) + "\n");
})().catch((e) => {
  process.stderr.write(String(e && e.stack || e) + "\n");
  process.exit(1);
});
