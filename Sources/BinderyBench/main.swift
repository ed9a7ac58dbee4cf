// Replaced by the W1–W6 workloads in the next commit.
print("bindery-bench: workloads not written yet")
