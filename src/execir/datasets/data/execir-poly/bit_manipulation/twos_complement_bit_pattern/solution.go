package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func twosPattern(value int64, width int) string {
	low := -(int64(1) << uint(width-1))
	high := (int64(1) << uint(width-1)) - 1
	if value < low || value > high {
		return "overflow"
	}
	if value < 0 {
		value += int64(1) << uint(width)
	}
	return fmt.Sprintf("%0*b", width, value)
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
		value := next()
		width := int(next())
		fmt.Println(twosPattern(value, width))
	}
}
