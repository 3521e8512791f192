-- wrk script: POST the file $BODY_FILE as JSON (the 73 kB body of scripts/bench-vs-nodered.sh)
local f = assert(io.open(os.getenv("BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body   = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
