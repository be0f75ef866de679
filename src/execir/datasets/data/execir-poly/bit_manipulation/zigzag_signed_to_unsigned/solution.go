package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func zigzag(value int64) int64 {
	if value >= 0 {
		return value << 1
	}
	return ((-value) << 1) - 1
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		fmt.Println(zigzag(v))
	}
}
