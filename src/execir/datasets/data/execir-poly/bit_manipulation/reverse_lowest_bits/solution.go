package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func reverseLowBits(n int64, width int) int64 {
	if width < 1 {
		return -1
	}
	var result int64
	for i := 0; i < width; i++ {
		result = (result << 1) | (n & 1)
		n >>= 1
	}
	return result
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
		n := next()
		width := int(next())
		if result := reverseLowBits(n, width); result < 0 {
			fmt.Println("invalid")
		} else {
			fmt.Println(result)
		}
	}
}
