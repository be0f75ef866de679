package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func rotateLeft(n uint64, k int, width int) uint64 {
	if width <= 0 {
		return 0
	}
	mask := (uint64(1) << uint(width)) - 1
	n &= mask
	k %= width
	return ((n << uint(k)) | (n >> uint(width-k))) & mask
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	q := next()
	for i := 0; i < q; i++ {
		n := uint64(next())
		k := next()
		width := next()
		fmt.Println(rotateLeft(n, k, width))
	}
}
