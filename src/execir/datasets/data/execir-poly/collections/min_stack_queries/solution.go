package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	var stack, mins []int64
	for i := 0; i < q; i++ {
		sc.Scan()
		switch sc.Text() {
		case "push":
			sc.Scan()
			value, _ := strconv.ParseInt(sc.Text(), 10, 64)
			stack = append(stack, value)
			if len(mins) == 0 || value < mins[len(mins)-1] {
				mins = append(mins, value)
			} else {
				mins = append(mins, mins[len(mins)-1])
			}
		case "pop":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
				mins = mins[:len(mins)-1]
			}
		default:
			if len(mins) == 0 {
				fmt.Println("empty")
			} else {
				fmt.Println(mins[len(mins)-1])
			}
		}
	}
}
