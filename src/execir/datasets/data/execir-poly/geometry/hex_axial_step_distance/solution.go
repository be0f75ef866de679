package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func hexDistance(q1, r1, q2, r2 int64) int64 {
	dq, dr := q2-q1, r2-r1
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
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
		q1, r1, q2, r2 := next(), next(), next(), next()
		fmt.Println(hexDistance(q1, r1, q2, r2))
	}
}
