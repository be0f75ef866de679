package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func latticeCount(x1, y1, x2, y2 int64) int64 {
	return gcd(abs(x2-x1), abs(y2-y1)) + 1
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	q := int(next())
	for i := 0; i < q; i++ {
		x1, y1, x2, y2 := next(), next(), next(), next()
		fmt.Println(latticeCount(x1, y1, x2, y2))
	}
}
