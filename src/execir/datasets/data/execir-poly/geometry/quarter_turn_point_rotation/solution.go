package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func rotateQuarters(x, y, k int64) (int64, int64) {
	switch ((k % 4) + 4) % 4 {
	case 1:
		return -y, x
	case 2:
		return -x, -y
	case 3:
		return y, -x
	}
	return x, y
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
		x, y, k := next(), next(), next()
		rx, ry := rotateQuarters(x, y, k)
		fmt.Println(rx, ry)
	}
}
