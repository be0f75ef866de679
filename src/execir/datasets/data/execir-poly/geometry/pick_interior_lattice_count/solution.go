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

func interiorPoints(xs, ys []int64) int64 {
	var twiceArea, boundary int64
	n := len(xs)
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		twiceArea += xs[i]*ys[j] - xs[j]*ys[i]
		boundary += gcd(abs(xs[j]-xs[i]), abs(ys[j]-ys[i]))
	}
	return (abs(twiceArea) - boundary + 2) / 2
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
	fmt.Println(interiorPoints(xs, ys))
}
