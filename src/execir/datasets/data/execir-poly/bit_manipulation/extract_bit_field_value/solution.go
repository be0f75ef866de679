package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func extractField(n int64, start, length int) int64 {
	if start < 0 || length < 0 {
		return -1
	}
	return (n >> uint(start)) & ((int64(1) << uint(length)) - 1)
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
		n := int64(next())
		start := next()
		length := next()
		if result := extractField(n, start, length); result < 0 {
			fmt.Println("invalid")
		} else {
			fmt.Println(result)
		}
	}
}
