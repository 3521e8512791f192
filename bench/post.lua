-- wrk script: the seed's JSON POST
wrk.method = "POST"
wrk.body   = '{"id":123456,"name":"test"}'
wrk.headers["Content-Type"] = "application/json"
