package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func newer(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, _ := strconv.ParseInt(pa[i], 10, 64)
		y, _ := strconv.ParseInt(pb[i], 10, 64)
		if x != y {
			return x > y
		}
	}
	return len(pa) > len(pb)
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	out := []string{}
	for scanner.Scan() {
		if line := strings.TrimSpace(scanner.Text()); line != "" {
			out = append(out, line)
		}
	}
	for i := 1; i < len(out); i++ {
		v := out[i]
		j := i - 1
		for j >= 0 && newer(out[j], v) {
			out[j+1] = out[j]
			j--
		}
		out[j+1] = v
	}
	for _, v := range out {
		fmt.Println(v)
	}
}
