"""Lists the services of 127.0.0.1:<port> by server reflection v1 and v1alpha. Prints {"v1": [names], "v1alpha":
[names]}, a version whose call fails as "CODE: details"."""
import json
import sys

import grpc

from stubs import reflection

channel = grpc.insecure_channel("127.0.0.1:" + sys.argv[1])
result = {}
for version in ("v1", "v1alpha"):
    refl, path = reflection(version)
    call = channel.stream_stream(path, request_serializer=refl.ServerReflectionRequest.SerializeToString,
                                 response_deserializer=refl.ServerReflectionResponse.FromString)
    try:
        listed = "no answer"
        for response in call(iter([refl.ServerReflectionRequest(list_services="*")]), timeout=10):
            listed = sorted(s.name for s in response.list_services_response.service)
        result[version] = listed
    except grpc.RpcError as e:
        result[version] = "%s: %s" % (e.code().name, e.details())
print(json.dumps(result))
