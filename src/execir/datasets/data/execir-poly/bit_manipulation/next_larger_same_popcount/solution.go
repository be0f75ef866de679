package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func nextSamePopcount(n int64) int64 {
	if n <= 0 {
		return 0
	}
	lowest := n & -n
	ripple := n + lowest
	ones := ((ripple ^ n) >> 2) / lowest
	return ripple | ones
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		n, _ := strconv.ParseInt(sc.Text(), 10, 64)
		fmt.Println(nextSamePopcount(n))
	}
}
