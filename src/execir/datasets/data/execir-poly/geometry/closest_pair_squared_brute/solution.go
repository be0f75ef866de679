package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func closestSquared(xs, ys []int64) int64 {
	best := int64(-1)
	for i := range xs {
		for j := i + 1; j < len(xs); j++ {
			dx, dy := xs[i]-xs[j], ys[i]-ys[j]
			if d := dx*dx + dy*dy; best < 0 || d < best {
				best = d
			}
		}
	}
	return best
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	n := int(next())
	xs, ys := make([]int64, n), make([]int64, n)
	for i := 0; i < n; i++ {
		xs[i], ys[i] = next(), next()
	}
	fmt.Println(closestSquared(xs, ys))
}
