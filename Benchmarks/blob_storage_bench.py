# Engine-level comparison behind cache/README.md: SQLite blobs vs one file per blob, 1000 x 70 KB.
# Run: python3 Benchmarks/blob_storage_bench.py (writes ~300 MB under /tmp/caching-bench).
import os, sqlite3, time, shutil, sys
N, SIZE = 1000, 70_000
payloads = [bytes([i % 256]) * SIZE for i in range(N)]
def sqlite_bench(page_size, sync):
    path = f"/tmp/caching-bench/db-{page_size}-{sync}.sqlite"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix): os.remove(path + suffix)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"PRAGMA page_size={page_size}"); db.execute("PRAGMA auto_vacuum=INCREMENTAL")
    db.execute("PRAGMA journal_mode=WAL"); db.execute(f"PRAGMA synchronous={sync}")
    db.execute("CREATE TABLE entry(id INTEGER PRIMARY KEY, key TEXT UNIQUE, size INT, last REAL)")
    db.execute("CREATE INDEX e_last ON entry(last)")
    db.execute("CREATE TABLE blob(entry_id INTEGER PRIMARY KEY, data BLOB)")
    t = time.perf_counter()
    for i in range(N):
        db.execute("BEGIN IMMEDIATE")
        cur = db.execute("INSERT INTO entry(key,size,last) VALUES(?,?,?) RETURNING id", (f"https://img/{i}", SIZE, i))
        eid = cur.fetchone()[0]
        db.execute("INSERT INTO blob VALUES(?,?)", (eid, payloads[i]))
        db.execute("COMMIT")
    w = time.perf_counter() - t
    t = time.perf_counter()
    for i in range(N):
        db.execute("BEGIN")
        r = db.execute("SELECT e.size, b.data FROM entry e JOIN blob b ON b.entry_id=e.id WHERE key=?", (f"https://img/{i}",)).fetchone()
        db.execute("COMMIT")
        assert len(r[1]) == SIZE
    rd = time.perf_counter() - t
    print(f"sqlite page_size={page_size} synchronous={sync}: write {w/N*1e6:.0f} µs, read {rd/N*1e6:.0f} µs per blob; file {os.path.getsize(path)+os.path.getsize(path+'-wal'):,} B")
    db.close()
def files_bench(fsync):
    d = f"/tmp/caching-bench/files-{fsync}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d, exist_ok=True)
    t = time.perf_counter()
    for i in range(N):
        tmp, final = f"{d}/{i}.tmp", f"{d}/{i}.blob"
        fd = os.open(tmp, os.O_WRONLY|os.O_CREAT|os.O_TRUNC, 0o600); os.write(fd, payloads[i])
        if fsync: os.fsync(fd)
        os.close(fd); os.rename(tmp, final)
    w = time.perf_counter() - t
    t = time.perf_counter()
    for i in range(N):
        with open(f"{d}/{i}.blob", "rb") as f: assert len(f.read()) == SIZE
    rd = time.perf_counter() - t
    print(f"files temp+rename fsync={fsync}: write {w/N*1e6:.0f} µs, read {rd/N*1e6:.0f} µs per blob")
os.makedirs("/tmp/caching-bench", exist_ok=True)
print("sqlite", sqlite3.sqlite_version)
for run in range(2):
    sqlite_bench(4096, "NORMAL"); sqlite_bench(4096, "FULL"); files_bench(False); files_bench(True)
