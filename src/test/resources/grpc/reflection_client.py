"""Raw gRPC server reflection (v1 and v1alpha) against 127.0.0.1:<port>: lists the services, fetches the files
declaring <symbol> and compares each rich/*.proto descriptor with protoc's --descriptor_set_out."""
import atexit
import json
import os
import shutil
import sys
import tempfile

import grpc
from google.protobuf import descriptor_pb2

from stubs import descriptor_set, load

port, protos, symbol = sys.argv[1], sys.argv[2], sys.argv[3]

# The messages of grpc/reflection/v1/reflection.proto this client needs (same shapes in v1alpha).
REFLECTION = """
syntax = "proto3";
package %s;
message ServerReflectionRequest {
  string host = 1;
  oneof message_request {
    string file_by_filename = 3;
    string file_containing_symbol = 4;
    string list_services = 7;
  }
}
message FileDescriptorResponse { repeated bytes file_descriptor_proto = 1; }
message ServiceResponse { string name = 1; }
message ListServiceResponse { repeated ServiceResponse service = 1; }
message ErrorResponse { int32 error_code = 1; string error_message = 2; }
message ServerReflectionResponse {
  string valid_host = 1;
  ServerReflectionRequest original_request = 2;
  oneof message_response {
    FileDescriptorResponse file_descriptor_response = 4;
    ListServiceResponse list_services_response = 6;
    ErrorResponse error_response = 7;
  }
}
"""

protoc_built = descriptor_set(protos, ["rich/common.proto", "rich/service.proto"])

channel = grpc.insecure_channel("127.0.0.1:" + port)
result = {}
for version in ("v1", "v1alpha"):
    package = "grpc.reflection." + version
    src = tempfile.mkdtemp(prefix="reflection-")
    atexit.register(shutil.rmtree, src, True)
    os.makedirs(os.path.join(src, "refl_" + version))
    with open(os.path.join(src, "refl_" + version, "reflection.proto"), "w") as f:
        f.write(REFLECTION % package)
    refl = load(src, ["refl_%s/reflection.proto" % version], "refl_%s.reflection" % version)
    call = channel.stream_stream("/%s.ServerReflection/ServerReflectionInfo" % package,
                                 request_serializer=refl.ServerReflectionRequest.SerializeToString,
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
