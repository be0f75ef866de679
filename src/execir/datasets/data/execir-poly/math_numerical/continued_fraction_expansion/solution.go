package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func floorDiv(a, b int64) int64 {
	d := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		d--
	}
	return d
}

func continuedFraction(p, q int64) []int64 {
	var terms []int64
	for q != 0 {
		a := floorDiv(p, q)
		terms = append(terms, a)
		p, q = q, p-a*q
	}
	return terms
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var p, q int64
	for {
		if _, err := fmt.Fscan(reader, &p, &q); err != nil {
			break
		}
		if q <= 0 {
			fmt.Fprintln(writer, "invalid")
			continue
		}
		fmt.Fprintln(writer, strings.Trim(fmt.Sprint(continuedFraction(p, q)), "[]"))
	}
}
