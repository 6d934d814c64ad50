// Go panics of distinct kinds, one per mode, for gred triage's crash
// corpus: a bounds check, a nil map entry, a panic of the program's own.
package main

import (
	"fmt"
	"os"
	"strconv"
)

type shape struct{ dims []int }

func (s *shape) dim(i int) int { return s.dims[i] }

type graph struct{ ops map[string]*shape }

func (g *graph) rank(name string) int { return len(g.ops[name].dims) }

func checkRank(r int) int {
	if r > 4 {
		panic(fmt.Sprintf("unsupported rank %d", r))
	}
	return r
}

func main() {
	n, _ := strconv.Atoi(os.Args[2])
	var v int
	switch os.Args[1] {
	case "index":
		s := &shape{dims: []int{1, 2, 3}}
		v = s.dim(n)
	case "nil":
		g := &graph{ops: map[string]*shape{"x": {dims: []int{4}}}}
		v = g.rank(os.Args[2])
	default:
		v = checkRank(n)
	}
	fmt.Println(v)
}
