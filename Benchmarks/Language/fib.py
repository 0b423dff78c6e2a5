# fib.bind in CPython: fib(27), 635,621 calls.
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print(fib(27))
