"""Server reflection for a Python test server, built from reflection.proto's messages (stubs.reflection) because
Debian ships no grpcio-reflection. It answers list_services, file_containing_symbol (the declaring file alone,
so a client must ask for its imports by file_by_filename) and file_by_filename; google/protobuf files are not
sent, as a client has them built in."""
import grpc

from stubs import descriptor_set, reflection

NOT_FOUND = 5


def handler(version, include_dir, files, services):
    """A generic handler serving grpc.reflection.<version> for `files` (under include_dir) and `services`."""
    refl, path = reflection(version)
    descriptors = descriptor_set(include_dir, files)
    package = "grpc.reflection." + version
    listed = services + [package + ".ServerReflection"]

    def declaring(symbol):
        for fdp in descriptors.values():
            prefix = fdp.package + "." if fdp.package else ""
            names = [prefix + s.name for s in fdp.service] + [prefix + m.name for m in fdp.message_type]
            if any(symbol == n or symbol.startswith(n + ".") for n in names):
                return fdp
        return None

    def answer(request):
        kind = request.WhichOneof("message_request")
        response = refl.ServerReflectionResponse(original_request=request)
        if kind == "list_services":
            response.list_services_response.service.extend(refl.ServiceResponse(name=n) for n in listed)
            return response
        found = declaring(request.file_containing_symbol) if kind == "file_containing_symbol" \
            else descriptors.get(request.file_by_filename) if kind == "file_by_filename" else None
        if found is None:
            response.error_response.error_code = NOT_FOUND
            response.error_response.error_message = "not found: %s" % request
        else:
            response.file_descriptor_response.file_descriptor_proto.append(found.SerializeToString())
        return response

    def info(requests, context):
        for request in requests:
            yield answer(request)

    return grpc.method_handlers_generic_handler(package + ".ServerReflection", {
        "ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(
            info, refl.ServerReflectionRequest.FromString, refl.ServerReflectionResponse.SerializeToString)})
