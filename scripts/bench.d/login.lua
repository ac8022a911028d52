-- Signs in over and over (scripts/bench): POST /api/v1/tokens, an argon2id check each.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = string.format('{"username":"%s","password":"%s"}',
  os.getenv("BENCH_USER"), os.getenv("BENCH_PASSWORD"))
