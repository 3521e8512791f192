"""Generates Python protobuf modules for .proto files at runtime. Uses the system protoc (Debian's 3.21 matches
python3-protobuf 4.21); grpc_tools' bundled protoc only as a fallback, as Debian's is too old for proto3
`optional`. reflection() gives the server reflection messages. gRPC calls go through grpcio's generic API, so no
generated gRPC stubs are needed."""
import atexit
import importlib
import os
import shutil
import subprocess
import sys
import tempfile


def _temp_dir(prefix):
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, True)
    return path


def _well_known_include():
    try:
        import grpc_tools
        bundled = os.path.join(os.path.dirname(grpc_tools.__file__), "_proto")
        if os.path.isdir(bundled):
            return bundled
    except ImportError:
        pass
    return "/usr/include"


def _protoc(args):
    protoc = shutil.which("protoc")
    if protoc:
        result = subprocess.run([protoc] + args, capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit("protoc failed for %s: %s" % (args, result.stderr))
    else:
        from grpc_tools import protoc as bundled
        if bundled.main(["protoc"] + args) != 0:
            raise SystemExit("grpc_tools.protoc failed for %s" % args)


def load(include_dir, files, module):
    """Compiles `files` (relative to include_dir) and returns the module `<module>_pb2`."""
    out = _temp_dir("redwire-stubs-")
    _protoc(["-I" + include_dir, "-I" + _well_known_include(), "--python_out=" + out] + files)
    sys.path.insert(0, out)
    return importlib.import_module(module + "_pb2")


def descriptor_set(include_dir, files):
    """protoc's FileDescriptorProto for each of `files`, by name (what --descriptor_set_out writes)."""
    from google.protobuf import descriptor_pb2
    out = os.path.join(_temp_dir("redwire-set-"), "set.pb")
    _protoc(["-I" + include_dir, "-I" + _well_known_include(), "--descriptor_set_out=" + out] + files)
    with open(out, "rb") as f:
        return {fdp.name: fdp for fdp in descriptor_pb2.FileDescriptorSet.FromString(f.read()).file}


# The messages of grpc/reflection/v1/reflection.proto the test clients use (same shapes in v1alpha).
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


def reflection(version):
    """The messages module of grpc.reflection.<version> (v1 or v1alpha) and the path of ServerReflectionInfo."""
    package = "grpc.reflection." + version
    src = _temp_dir("reflection-")
    os.makedirs(os.path.join(src, "refl_" + version))
    with open(os.path.join(src, "refl_" + version, "reflection.proto"), "w") as f:
        f.write(REFLECTION % package)
    return (load(src, ["refl_%s/reflection.proto" % version], "refl_%s.reflection" % version),
            "/%s.ServerReflection/ServerReflectionInfo" % package)
