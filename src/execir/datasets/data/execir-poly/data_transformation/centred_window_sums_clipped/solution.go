package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func centredSums(values []int64, radius int) []string {
	n := len(values)
	prefix := make([]int64, n+1)
	for i, v := range values {
		prefix[i+1] = prefix[i] + v
	}
	sums := []string{}
	for i := 0; i < n; i++ {
		lo, hi := i-radius, i+radius
		if lo < 0 {
			lo = 0
		}
		if hi > n-1 {
			hi = n - 1
		}
		sums = append(sums, strconv.FormatInt(prefix[hi+1]-prefix[lo], 10))
	}
	return sums
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	n, radius := int(next()), int(next())
	values := make([]int64, n)
	for i := range values {
		values[i] = next()
	}
	if radius < 0 {
		fmt.Println("invalid")
		return
	}
	fmt.Println(strings.Join(centredSums(values, radius), " "))
}
