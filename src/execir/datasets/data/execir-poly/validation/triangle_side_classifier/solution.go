package main

import (
	"bufio"
	"fmt"
	"os"
)

func triangleKind(a, b, c int64) string {
	if !(a+b > c && a+c > b && b+c > a) {
		return "invalid"
	}
	if a == b && b == c {
		return "equilateral"
	}
	if a == b || b == c || a == c {
		return "isosceles"
	}
	return "scalene"
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var a, b, c int64
	for {
		if _, err := fmt.Fscan(reader, &a, &b, &c); err != nil {
			break
		}
		fmt.Println(triangleKind(a, b, c))
	}
}
