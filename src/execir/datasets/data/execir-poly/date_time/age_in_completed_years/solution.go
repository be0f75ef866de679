package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func fields(iso string) (int, int, int) {
	p := strings.Split(iso, "-")
	y, _ := strconv.Atoi(p[0])
	m, _ := strconv.Atoi(p[1])
	d, _ := strconv.Atoi(p[2])
	return y, m, d
}

func ageInYears(birth, on string) int {
	if on < birth {
		return -1
	}
	by, bm, bd := fields(birth)
	oy, om, od := fields(on)
	age := oy - by
	if om < bm || (om == bm && od < bd) {
		age--
	}
	return age
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		birth := sc.Text()
		sc.Scan()
		if age := ageInYears(birth, sc.Text()); age < 0 {
			fmt.Println("invalid")
		} else {
			fmt.Println(age)
		}
	}
}
