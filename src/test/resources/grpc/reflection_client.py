"""Raw gRPC server reflection (v1 and v1alpha) against 127.0.0.1:<port>: lists the services, fetches the files
declaring <symbol> and compares each rich/*.proto descriptor with protoc's --descriptor_set_out."""
import json
import sys

import grpc
from google.protobuf import descriptor_pb2

from stubs import descriptor_set, reflection

port, protos, symbol = sys.argv[1], sys.argv[2], sys.argv[3]

protoc_built = descriptor_set(protos, ["rich/common.proto", "rich/service.proto"])

channel = grpc.insecure_channel("127.0.0.1:" + port)
result = {}
for version in ("v1", "v1alpha"):
    refl, path = reflection(version)
    call = channel.stream_stream(path, request_serializer=refl.ServerReflectionRequest.SerializeToString,
                                 response_deserializer=refl.ServerReflectionResponse.FromString)
    requests = [refl.ServerReflectionRequest(list_services="*"),
                refl.ServerReflectionRequest(file_containing_symbol=symbol)]
    listed, files = None, []
    for response in call(iter(requests), timeout=10):
        kind = response.WhichOneof("message_response")
        if kind == "list_services_response":
            listed = sorted(s.name for s in response.list_services_response.service)
        elif kind == "file_descriptor_response":
            for raw in response.file_descriptor_response.file_descriptor_proto:
                files.append(descriptor_pb2.FileDescriptorProto.FromString(raw))
        else:
            listed = "error: %s" % response
    served = {f.name: f for f in files}
    result[version] = {
        "services": listed,
        "files": sorted(served),
        "methods": [m.name for f in files for s in f.service if s.name == symbol.split(".")[-1] for m in s.method],
        "equal_to_protoc": {name: served.get(name) == fdp for name, fdp in sorted(protoc_built.items())},
    }
print(json.dumps(result))
